//! Evaluating one complete deal under one reading, every step filled by the engine.

use criterion::{Criterion, criterion_group, criterion_main};
use mournival::cards::{Card, CardSet, Pack};
use mournival::games::gleek::engine::play;
use mournival::games::gleek::points::TABLE;
use mournival::games::gleek::scenario::{Scenario, Seat};
use mournival::variant::VariantSet;
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
}

criterion_group!(benches, bench);
criterion_main!(benches);
