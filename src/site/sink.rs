//! Where rendered files go and what the render stages keep of them: the sink (the new site's
//! folder, or a session's changed files), the files' digests, the rendered site.

use super::generated::{self, ScenarioIndexRow};
use super::{BuildError, markdown, outcome, output};
use rayon::prelude::*;
use std::hash::Hasher;

/// One output file.
pub(super) struct Output {
    pub(super) path: String,
    pub(super) bytes: Vec<u8>,
}

/// Where rendered files go as they are made: the new site's folder for `build`, the files that
/// changed for `serve`.
pub(super) trait Sink: Sync {
    fn put(&self, path: &str, bytes: &[u8]) -> Result<(), output::OutputError>;

    /// Puts a file as `write` produces it, and gives its digest. By default the bytes are
    /// gathered first; the new site's folder takes them as they come, so that a large file
    /// (the search index) is never held whole.
    fn put_with(
        &self,
        path: &str,
        write: &mut dyn FnMut(&mut dyn std::io::Write) -> std::io::Result<()>,
    ) -> Result<u64, output::OutputError> {
        let mut bytes = Vec::new();
        write(&mut bytes).expect("writing into memory cannot fail");
        self.put(path, &bytes)?;
        Ok(digest(&bytes))
    }
}

impl Sink for output::Staging {
    fn put(&self, path: &str, bytes: &[u8]) -> Result<(), output::OutputError> {
        output::Staging::put(self, path, bytes)
    }

    fn put_with(
        &self,
        path: &str,
        write: &mut dyn FnMut(&mut dyn std::io::Write) -> std::io::Result<()>,
    ) -> Result<u64, output::OutputError> {
        let mut hasher = Digest::default();
        output::Staging::put_with(self, path, &mut |w| {
            // The writer gets the file in pieces of a few bytes (JSON's punctuation): they are
            // gathered before they are digested, a hasher's call costing more than its bytes.
            let mut digesting = Digesting {
                inner: w,
                hasher: &mut hasher,
            };
            let mut gathered = std::io::BufWriter::with_capacity(GATHERED, &mut digesting);
            write(&mut gathered)?;
            std::io::Write::flush(&mut gathered)
        })?;
        Ok(hasher.finish())
    }
}

/// How much of a streamed file is gathered before it is digested and written.
const GATHERED: usize = 64 << 10;

/// The hasher of [`digest`]: fed a file's bytes in any pieces, it gives the same digest.
pub(super) type Digest = std::hash::DefaultHasher;

/// What identifies a file's bytes, to tell which files a rebuild changed.
pub(super) fn digest(bytes: &[u8]) -> u64 {
    let mut hasher = Digest::default();
    hasher.write(bytes);
    hasher.finish()
}

/// A writer that digests what passes through it.
pub(super) struct Digesting<'a> {
    pub(super) inner: &'a mut dyn std::io::Write,
    pub(super) hasher: &'a mut Digest,
}

impl std::io::Write for Digesting<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hasher.write(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// What the render stages produce: the files, and what the later stages read back.
#[derive(Default)]
pub(super) struct Rendered {
    /// Files rendered but not yet put (the generated pages and indexes, few).
    pub(super) files: Vec<Output>,
    /// Every file put, in order, with its digest (0 for a content page where no later build
    /// reads it: see [`put_page`]).
    pub(super) written: Vec<(String, u64)>,
    /// Each content page's Markdown as rendered (headings, links, text), in content order.
    pub(super) markdown: Vec<markdown::Rendered>,
    /// Each content page's sections counted for the search index, where known (from the
    /// build's cache, or kept for it), in content order.
    pub(super) counted: Vec<Option<super::search::Counted>>,
    /// What the site lists of every scenario, in content order.
    pub(super) views: Vec<Listed>,
    pub(super) generated_urls: Vec<String>,
    /// Anchors on generated pages, by URL.
    pub(super) generated_anchors: Vec<(String, Vec<String>)>,
}

impl Rendered {
    /// Puts the files still held, and releases them.
    pub(super) fn flush(&mut self, sink: &dyn Sink) -> Result<(), BuildError> {
        let put = put_all(std::mem::take(&mut self.files), sink)?;
        self.written.extend(put);
        Ok(())
    }

    /// Every file of the site, in the order written.
    pub(super) fn paths(&self) -> Vec<&str> {
        self.written.iter().map(|(p, _)| p.as_str()).collect()
    }

    /// Adds the files and generated pages `other` rendered apart, after this one's.
    pub(super) fn append(&mut self, other: Rendered) {
        self.files.extend(other.files);
        self.generated_urls.extend(other.generated_urls);
        self.generated_anchors.extend(other.generated_anchors);
    }

    pub(super) fn page(&mut self, url: String, html: String) {
        self.generated_urls.push(url.clone());
        self.files.push(Output {
            path: format!("{url}index.html"),
            bytes: html.into_bytes(),
        });
    }
}

/// Puts `files` in parallel (making a file or a folder costs the kernel more than writing its
/// bytes, and the two cores share that work), and gives each one's path and digest, in order.
pub(super) fn put_all(
    files: Vec<Output>,
    sink: &dyn Sink,
) -> Result<Vec<(String, u64)>, BuildError> {
    files
        .into_par_iter()
        .map(|file| {
            sink.put(&file.path, &file.bytes)?;
            Ok((file.path, digest(&file.bytes)))
        })
        .collect()
}

/// What the site shows of a scenario beyond its page: its row in the index of scenarios, and
/// its failed expectations (for the build's report).
#[derive(Clone, Debug)]
pub(super) struct Listed {
    pub(super) row: ScenarioIndexRow,
    pub(super) failing: Vec<crate::diagnostic::Diagnostic>,
}

impl Listed {
    pub(super) fn of(view: &outcome::ScenarioView, page_title: &str) -> Listed {
        Listed {
            row: generated::index_row(view, page_title),
            failing: view.failing.clone(),
        }
    }
}

/// A content page rendered: its file, what the Markdown held, and its scenarios as listed.
pub(super) type RenderedPage = (Output, markdown::Rendered, Vec<Listed>);

/// A content page put: its path and digest, what the Markdown held (but its HTML), and its
/// scenarios as listed.
pub(super) type PageDone = ((String, u64), markdown::Rendered, Vec<Listed>);

/// Puts a page's file and releases its bytes. Its digest is taken where a later build reads it
/// (`digested`: the build's cache, a session); else it is 0: digesting every page was a
/// twentieth of a clean build.
pub(super) fn put_page(
    (file, md, views): RenderedPage,
    sink: &dyn Sink,
    digested: bool,
) -> Result<PageDone, BuildError> {
    sink.put(&file.path, &file.bytes)?;
    let digest = if digested { digest(&file.bytes) } else { 0 };
    Ok(((file.path, digest), md, views))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// A file streamed in pieces (the search index) must digest as its whole bytes do, or a
    /// session would think an unchanged index changed, or a changed one unchanged.
    #[test]
    fn a_file_streamed_in_pieces_digests_as_its_bytes() {
        let bytes: Vec<u8> = (0..10_000u32).flat_map(|i| i.to_le_bytes()).collect();
        let mut hasher = Digest::default();
        let mut sunk = Vec::new();
        let mut w = Digesting {
            inner: &mut sunk,
            hasher: &mut hasher,
        };
        for piece in bytes.chunks(7) {
            w.write_all(piece).unwrap();
        }
        assert_eq!(sunk, bytes);
        assert_eq!(hasher.finish(), digest(&bytes));
        assert_ne!(digest(&bytes), digest(&bytes[1..]));
    }
}
