use super::*;
use crate::games::gleek::points::{Point as GleekPoint, TABLE};

fn load(files: &[(&str, &str)]) -> Result<VariantSet, Vec<Diagnostic>> {
    VariantSet::from_files(
        files
            .iter()
            .map(|(p, t)| (PathBuf::from(p), Arc::<str>::from(*t)))
            .collect(),
        TABLE,
    )
}

#[test]
fn bundled_variants_load_and_set_every_point() {
    let set = VariantSet::load_dir(
        Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/variants/gleek")),
        TABLE,
    )
    .unwrap_or_else(|e| panic!("{}", e.iter().map(|d| d.to_string()).collect::<String>()));
    let mut ids = set.ids();
    ids.sort();
    assert_eq!(
        ids,
        [
            "akagiri",
            "cotgrave-1662",
            "cotton-1674",
            "dafydd",
            "du-coeur",
            "parlett",
            "wikipedia",
            "willughby"
        ]
    );
    assert_eq!(set.variants[0].kind, Kind::PrimarySource);
    // Within a kind, by year: Cotgrave 1662, Willughby 1665-1672, Cotton 1674.
    assert_eq!(
        &set.ids()[..3],
        ["cotgrave-1662", "willughby", "cotton-1674"]
    );
    assert_eq!((year_of("by 2007"), year_of("n.d.")), (2007, u32::MAX));
}

#[test]
fn unknown_point_and_choice_are_located_and_list_what_is_allowed() {
    let text = "id: mine\ntitle: t\nauthor: a\ndate: '2026'\nkind: modern-reconstruction\ncitation: c\nbased-on: base\nrules:\n  tiddy-held: {choice: lots, evidence: assumed, note: why}\n  no-such: {choice: x, evidence: stated}\n";
    let errs = load(&[("variants/mine.yaml", text)]).unwrap_err();
    let all: String = errs.iter().map(|d| d.to_string()).collect();
    assert!(all.contains("variants/mine.yaml:9:"), "{all}");
    assert!(
        all.contains("`lots` is not a choice of `tiddy-held`"),
        "{all}"
    );
    assert!(all.contains("`none`, `two-each` or `four-each`"), "{all}");
    assert!(all.contains("unknown rule point `no-such`"), "{all}");
    assert!(all.contains("variants/mine.yaml:10:3"), "{all}");
}

#[test]
fn cycles_and_unset_points_are_errors() {
    let head = |id: &str, base: &str| {
        format!(
            "id: {id}\ntitle: t\nauthor: a\ndate: '1'\nkind: primary-source\ncitation: c\nbased-on: {base}\n"
        )
    };
    let a = head("a", "b");
    let b = head("b", "a");
    let errs = load(&[("a.yaml", &a), ("b.yaml", &b)]).unwrap_err();
    assert!(errs.iter().any(|d| d.message.contains("cycle")), "{errs:?}");
    let lone = "id: lone\ntitle: t\nauthor: a\ndate: '1'\nkind: primary-source\ncitation: c\n";
    let errs = load(&[("lone.yaml", lone)]).unwrap_err();
    assert!(errs[0].message.contains("leaves"), "{errs:?}");
    assert!(errs[0].message.contains("tiddy-turned-up"), "{errs:?}");
}

const COTTON: &str = include_str!("../../variants/gleek/cotton-1674.yaml");

fn based_on(id: &str, base: &str) -> String {
    format!(
        "id: {id}\ntitle: t\nauthor: a\ndate: '1'\nkind: primary-source\ncitation: c\nbased-on: {base}\n"
    )
}

#[test]
fn a_long_based_on_chain_resolves_in_any_file_order() {
    const LENGTH: usize = 3000;
    let mut files = vec![(
        "v0.yaml".to_string(),
        COTTON.replace("id: cotton-1674", "id: v0"),
    )];
    files.extend((1..LENGTH).map(|i| {
        (
            format!("v{i}.yaml"),
            based_on(&format!("v{i}"), &format!("v{}", i - 1)),
        )
    }));
    files.reverse();
    let set = load(
        &files
            .iter()
            .map(|(p, t)| (p.as_str(), t.as_str()))
            .collect::<Vec<_>>(),
    )
    .unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(set.variants.len(), LENGTH);
    let last = set.get(&format!("v{}", LENGTH - 1)).unwrap();
    let first = set.get("v0").unwrap();
    assert_eq!(last.rules, first.rules);
    assert_eq!(last.choices[0].inherited_from.as_deref(), Some("v0"));
}

#[test]
fn an_error_at_the_root_of_a_chain_is_reported_once() {
    let lone = "id: root\ntitle: t\nauthor: a\ndate: '1'\nkind: primary-source\ncitation: c\n";
    let children: Vec<String> = (0..5).map(|i| based_on(&format!("c{i}"), "root")).collect();
    let mut files = vec![("root.yaml", lone)];
    files.extend(children.iter().map(|c| ("c.yaml", c.as_str())));
    let errs = load(&files).unwrap_err();
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(
        errs[0].message.contains("variant `root` leaves"),
        "{errs:?}"
    );
    // A base whose own file is wrong is reported there, not again as "names no variant".
    let broken = COTTON
        .replace("id: cotton-1674", "id: root")
        .replace("choice: four-each", "choice: lots");
    let errs = load(&[("root.yaml", &broken), ("c.yaml", &children[0])]).unwrap_err();
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(
        errs[0].message.contains("`lots` is not a choice"),
        "{errs:?}"
    );
}

#[test]
fn a_cycle_is_reported_once_with_its_chain() {
    let files = [
        ("d.yaml", based_on("d", "a")),
        ("a.yaml", based_on("a", "b")),
        ("b.yaml", based_on("b", "c")),
        ("c.yaml", based_on("c", "a")),
    ];
    let errs = load(
        &files
            .iter()
            .map(|(p, t)| (*p, t.as_str()))
            .collect::<Vec<_>>(),
    )
    .unwrap_err();
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(
        errs[0].message.ends_with("cycle: a -> b -> c -> a"),
        "{errs:?}"
    );
    assert_eq!(errs[0].location.file, Path::new("c.yaml"));
}

#[test]
fn overrides_parse_and_explain_mistakes() {
    let o: Override = "tiddy-held=two-each".parse().unwrap();
    let (point, choice) = o.resolve(TABLE).unwrap().unwrap();
    assert_eq!(point, GleekPoint::TiddyHeld.point());
    assert_eq!(point.def().choices[choice as usize].id, "two-each");
    let other: Override = "game-target=seven".parse().unwrap();
    assert_eq!(other.resolve(TABLE), Ok(None), "another game's point");
    let lots: Override = "tiddy-held=lots".parse().unwrap();
    let err = lots.resolve(TABLE).unwrap_err();
    assert!(
        err.contains("allowed: `none`, `two-each` or `four-each`"),
        "{err}"
    );
    assert!("nonsense".parse::<Override>().is_err());
}

#[test]
fn a_point_two_games_share_is_set_where_the_choice_exists() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
    let load = |game: &'static dyn Game| {
        let set = VariantSet::load_dir(&dir.join(game.id()), game.points()).unwrap();
        (game, set)
    };
    let (put, glic) = (
        crate::games::by_id("put").unwrap(),
        crate::games::by_id("glic").unwrap(),
    );
    let mut readings = Readings {
        sets: vec![load(put), load(glic)],
    };
    let set = |text: &str| vec![text.parse::<Override>().unwrap()];
    readings.apply(&set("pack=piquet-32")).unwrap();
    let glic_pack = |r: &Readings| {
        let point = glic.points().find("pack").unwrap();
        r.of(glic)
            .variants
            .iter()
            .map(|v| v.rules.choice_id(point))
            .collect::<Vec<_>>()
    };
    assert!(glic_pack(&readings).iter().all(|c| *c == "piquet-32"));
    let put_pack = put.points().find("pack").unwrap();
    assert!(
        readings
            .of(put)
            .variants
            .iter()
            .any(|v| v.rules.choice_id(put_pack) == "full-52")
    );
    let err = readings.apply(&set("pack=tarot-78")).unwrap_err();
    assert!(
        err.starts_with("`tarot-78` is not a choice of `pack`"),
        "{err}"
    );
}
