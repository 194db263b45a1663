//! The play: a list of tricks, or each player's cards in order, each card held when play
//! begins, every trick scripted or the rest left to the engine with `then: auto`.

use super::*;

/// One item of a list of tricks: its cards, or `then: auto` (also `then auto`) at the end.
#[derive(Debug)]
enum RawTrick {
    Cards(Words),
    Then(String),
}

impl RawTrick {
    /// A trick as written: its cards (a string or a list), or `then: auto`.
    fn read(node: &RawFigure) -> Result<RawTrick, String> {
        let not_a_trick = |what: &str| {
            format!(
                "`{}` is not a trick: a trick is its cards, and `then: auto` ends a partly scripted play",
                excerpt(what)
            )
        };
        match node {
            RawFigure::Scalar(v) if is_then_auto(v) => Ok(RawTrick::Then("auto".to_string())),
            RawFigure::Map(entries) => match &entries[..] {
                [(k, v)] if k.value.trim() == "then" => match &v.value {
                    RawFigure::Scalar(v) => Ok(RawTrick::Then(v.clone())),
                    _ => Err(not_a_trick("then")),
                },
                [(k, _), ..] => Err(not_a_trick(&k.value)),
                [] => Ok(RawTrick::Then(String::new())),
            },
            other => other
                .words()
                .map(RawTrick::Cards)
                .ok_or_else(|| "a trick is its cards, or `then: auto` at the end".to_string()),
        }
    }
}

impl Parser<'_> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn play(
        &mut self,
        raw: &Spanned<RawFigure>,
        seats: &[String; 3],
        hands: &[CardSet; 3],
        buyer: Option<Seat>,
        discard_given: bool,
        stock: CardSet,
    ) -> PlayScript {
        let mut script = PlayScript::default();
        let owner = |card: Card| SEATS.into_iter().find(|s| hands[s.index()].contains(card));
        let mut add = |p: &mut Parser, seat: Seat, card: Card, loc: Location| {
            let touches_exchange = buyer == Some(seat) || stock.contains(card);
            if touches_exchange && !discard_given {
                p.error(loc.clone(), format!("{card} is played by the buyer: script the buyer's `discard:` as well, so that his hand is known"));
            }
            if !hands[seat.index()].contains(card) {
                p.error(
                    loc,
                    format!(
                        "{} does not hold {card} when play begins",
                        seats[seat.index()]
                    ),
                );
                return;
            }
            if script.cards[seat.index()].iter().any(|(c, _)| *c == card) {
                p.error(loc, format!("{card} is played twice"));
                return;
            }
            if let Some(at) = p.remember(loc) {
                script.cards[seat.index()].push((card, at));
            }
        };
        let errors_before = self.errors.len();
        let then = match located::script(self.yaml, raw, &mut self.errors) {
            Script::Auto => return script,
            Script::Text(v) => {
                self.error(
                    self.yaml.location_of(raw),
                    format!(
                        "`{}` is not a play: write `auto`, a list of tricks, or each player's cards",
                        excerpt(v)
                    ),
                );
                return script;
            }
            Script::List(tricks) => {
                let (tokens, then) = self.trick_tokens(tricks);
                for (token, loc) in tokens {
                    match Pack::Gleek44.parse_card(&excerpt(&token)) {
                        Ok(card) => match owner(card) {
                            Some(seat) => add(self, seat, card, loc),
                            None => {
                                self.error(loc, format!("nobody holds {card} when play begins"))
                            }
                        },
                        Err(err) => self.error(loc, format!("{err} (in the play)")),
                    }
                }
                then
            }
            Script::ByPlayer(entries) => {
                let mut then = false;
                for (name, cards) in entries {
                    let loc = self.yaml.location_of(name);
                    if name.value.trim() == "then" {
                        then = self
                            .then_value(&cards.value.0.join(" "), self.yaml.location_of(&cards));
                        continue;
                    }
                    let Some(seat) = self.seat(seats, name.value.trim(), &loc) else {
                        continue;
                    };
                    for (card, cloc) in self.cards(&cards, "the play").0 {
                        add(self, seat, card, cloc);
                    }
                }
                then
            }
        };
        // A card refused (or not kept, past the bound on actions) is reported already.
        if self.errors.len() == errors_before && !self.too_many {
            self.complete(raw, &script, seats, then);
        }
        self.continued.play = then;
        script
    }

    /// The tokens of a list of tricks, and whether it ends with `then: auto`.
    fn trick_tokens(&mut self, tricks: &[Spanned<RawFigure>]) -> (Vec<(String, Location)>, bool) {
        let mut tokens = Vec::new();
        let mut then = false;
        for (i, trick) in tricks.iter().enumerate() {
            match RawTrick::read(&trick.value) {
                Err(message) => self.error(self.yaml.location_of(trick), message),
                Ok(RawTrick::Cards(words)) => tokens.extend(self.tokens_in(trick, &words.0, false)),
                Ok(RawTrick::Then(value)) => {
                    let loc = self.yaml.location_of(trick);
                    then = self.then_value(&value, loc.clone());
                    if i + 1 < tricks.len() {
                        self.error(
                            loc,
                            "`then: auto` ends the list of tricks: it leaves the rest to the engine, so no trick may follow it".to_string(),
                        );
                    }
                }
            }
        }
        (tokens, then)
    }

    /// The value of `then:`, which is `auto`.
    fn then_value(&mut self, value: &str, loc: Location) -> bool {
        if value.trim() == "auto" {
            return true;
        }
        self.error(
            loc,
            format!(
                "`then: {}`: the engine plays the rest with `then: auto`",
                excerpt(value)
            ),
        );
        false
    }

    /// A play scripts every card of every trick, or says that the engine plays the rest
    /// (`then: auto`): a trick left out by mistake must not pass unnoticed.
    fn complete(
        &mut self,
        raw: &Spanned<RawFigure>,
        script: &PlayScript,
        seats: &[String; 3],
        then: bool,
    ) {
        let counts = script.cards.each_ref().map(Vec::len);
        let scripted: usize = counts.iter().sum();
        let loc = self.yaml.location_of(raw);
        if scripted == 36 && then {
            self.error(
                loc,
                "the play scripts all twelve tricks, so `then: auto` leaves nothing to the engine: take it out".to_string(),
            );
        } else if scripted < 36 && !then {
            let each: Vec<String> = SEATS
                .iter()
                .map(|s| format!("{} {}", seats[s.index()], counts[s.index()]))
                .collect();
            self.error(
                loc,
                format!(
                    "the play scripts {scripted} of the 36 cards ({}): script every trick, or end it with `then: auto` to let the engine play the rest by its policy",
                    each.join(", ")
                ),
            );
        }
    }
}
