//! Compiles the small `gleek` scenario grammar into a syntect dump, so the binary needs neither
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
        .join("gleek.packdump");
    syntect::dumps::dump_to_uncompressed_file(&set, out).expect("the dump is written");
}
