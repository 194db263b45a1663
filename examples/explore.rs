use mournival::project::{load_pages, load_variants};
use mournival::compare::Summary;
use std::path::Path;
use std::time::Instant;
fn main() {
    let root = Path::new(".");
    let readings = load_variants(root).unwrap();
    let pages = load_pages(root, &root.join("content")).unwrap();
    let t = Instant::now();
    let mut plays = 0usize;
    for p in &pages { for s in &p.scenarios {
        let set = readings.of(s.game());
        let mut sens = Vec::new();
        for v in &set.variants {
            let base = Summary::of(&s.play(&v.rules));
            for pt in set.table.all() {
                for c in 0..pt.def().choices.len() as u8 {
                    if c == v.rules.get(pt) { continue; }
                    plays += 1;
                    if Summary::of(&s.play(&v.rules.with(pt, c))) != base && !sens.contains(&pt) { sens.push(pt); }
                }
            }
        }
        let prod: usize = sens.iter().map(|p| p.def().choices.len()).product();
        let ks: Vec<usize> = set.variants.iter().map(|v| set.variants[0].rules.differences(&v.rules).len()).collect();
        println!("{} {}: sensitive {} {:?} product {} k {:?}", s.game().id(), s.head().id, sens.len(), sens, prod, ks);
    }}
    println!("{plays} plays in {:?}", t.elapsed());
}
