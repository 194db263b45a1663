//! Evaluating one complete deal under one reading, every step filled by the engine.

use criterion::{Criterion, criterion_group, criterion_main};
use mournival::cards::{Card, CardSet, Pack};
use mournival::games::gleek::engine::play;
use mournival::games::gleek::parse_scenario;
use mournival::games::gleek::points::TABLE;
use mournival::games::gleek::scenario::{Scenario, Seat};
use mournival::variant::VariantSet;
use mournival::yaml::YamlText;
use std::hint::black_box;
use std::path::Path;

/// A fixed shuffle of the pack (a linear congruential walk), so every run times the same deal.
fn deal() -> Scenario {
    let mut cards: Vec<Card> = Pack::Gleek44.cards().iter().collect();
    let mut x: u64 = 20261121;
    for i in (1..cards.len()).rev() {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        cards.swap(i, (x >> 33) as usize % (i + 1));
    }
    let hand = |k: usize| CardSet::from_cards(cards[k * 12..k * 12 + 12].iter().copied());
    Scenario::dealt(
        ["Ann", "Ben", "Cat"],
        Seat(2),
        [hand(0), hand(1), hand(2)],
        cards[36],
    )
}

/// A deal written out call by call (the bid-step page's jump to sixteen), as the site plays
/// its scenarios: every auction call, discard, vie and card comes from the script.
const SCRIPTED: &str = "\
id: bench-scripted
seats: [Ann, Ben, Cat]
dealer: Cat
hands:
  Ann: AS KS QS JS TS 9S 8S 7S 6S 9C 8C 7C
  Ben: AH JH AC JC TC 4H 5H 6H 4S 5S 4D 5D
  Cat: AD KD QD JD TD 9D 8D 7D 6D 6C 5C 4C
turn-up: 9H
stock: KH QH TH 8H 7H KC QC
auction: Ann 13, Ben 16, Cat pass, Ann pass
discard: 4H 5H 6H 4S 5S 4D 5D
vie: Ann pass, Ben vie, Cat pass, Ann pass
play:
  - 9C AC 6C
  - AH 6D 6S
  - KH 7D 7S
  - QH 8D 8S
  - JH 9D 9S
  - TH TD TS
  - 8H JD JS
  - 7H QD QS
  - KC 5C 8C
  - QC 4C 7C
  - JC KD KS
  - TC AD AS
";

fn scripted() -> Scenario {
    let text = YamlText::whole_file(Path::new("bench.yaml"), SCRIPTED.into());
    parse_scenario(&text).expect("the scripted bench deal parses")
}

fn bench(c: &mut Criterion) {
    let variants = VariantSet::load_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/gleek"),
        TABLE,
    )
    .expect("variants");
    let scenario = deal();
    for id in ["cotton-1674", "du-coeur", "parlett"] {
        let rules = variants.get(id).expect(id).rules;
        c.bench_function(&format!("one deal, auto-filled, {id}"), |b| {
            b.iter(|| play(black_box(&scenario), black_box(&rules)))
        });
    }
    let scripted = scripted();
    let rules = variants.get("cotton-1674").expect("cotton").rules;
    c.bench_function("one deal, scripted, cotton-1674", |b| {
        b.iter(|| play(black_box(&scripted), black_box(&rules)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
