//! Deals per second on one core: dealing a random deal and playing it under one reading, and a
//! whole run's work per deal (every reading, the stock weighed, every rule point switched alone).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mournival::games::gleek::Gleek;
use mournival::simulate::{self, Options};
use mournival::variant::VariantSet;
use std::hint::black_box;
use std::path::Path;

fn variants() -> VariantSet {
    VariantSet::load_dir(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/gleek"),
        mournival::games::gleek::points::TABLE,
    )
    .expect("variants")
}

/// A run of `deals` on the current thread's pool, every deal switched or none.
fn run(chosen: &[&mournival::variant::Variant], deals: u64, switches: bool) {
    let opts = Options {
        switch_deals: Some(if switches { deals } else { 0 }),
        ..Options::new(deals, 1)
    };
    black_box(simulate::run(&Gleek, chosen, &opts, &|_| {}).expect("a run"));
}

fn bench(c: &mut Criterion) {
    let set = variants();
    let one = [set.get("cotton-1674").expect("cotton")];
    let all: Vec<_> = set.variants.iter().collect();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a pool");
    let deals = 256;
    let mut g = c.benchmark_group("deals per second, one core");
    g.throughput(Throughput::Elements(deals));
    g.sample_size(20);
    g.bench_function("one reading (cotton-1674)", |b| {
        b.iter(|| pool.install(|| run(&one, deals, false)))
    });
    g.bench_function("seven readings and the stock", |b| {
        b.iter(|| pool.install(|| run(&all, deals, false)))
    });
    g.bench_function("seven readings, the stock and every switch", |b| {
        b.iter(|| pool.install(|| run(&all, deals, true)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
