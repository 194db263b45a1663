//! Compiles the small scenario grammar (every game's blocks are YAML of cards, calls and seats) into a syntect dump, so the binary needs neither
//! the YAML loader of syntect nor a grammar file at run time.

use syntect::parsing::SyntaxSetBuilder;

fn main() {
    println!("cargo:rerun-if-changed=syntaxes");
    let mut builder = SyntaxSetBuilder::new();
    builder
        .add_from_folder("syntaxes", true)
        .expect("syntaxes/ holds valid grammars");
    let set = builder.build();
    let out = std::path::Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"))
        .join("scenario.packdump");
    syntect::dumps::dump_to_uncompressed_file(&set, out).expect("the dump is written");
}
