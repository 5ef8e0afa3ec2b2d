//! Size against time of each brotli quality and gzip level on real answers, with the encoders
//! the server keeps its answers with (docs/performance-journal.md, "Compress once").
//!
//!   cargo run --release -p tidemark-server --example compression_levels -- FILE...
//!
//! Each file is one answer (a saved post page, a post's JSON); the figures are their sums.

use std::io::Write;
use std::time::Instant;

fn brotli(plain: &[u8], quality: u32, window: u32) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut writer = brotli::CompressorWriter::new(&mut out, 16 * 1024, quality, window);
        writer.write_all(plain).expect("compress");
    }
    out
}

fn gzip(plain: &[u8], level: u32) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(level));
    encoder.write_all(plain).expect("compress");
    encoder.finish().expect("compress")
}

fn measure(name: &str, files: &[Vec<u8>], compress: impl Fn(&[u8]) -> Vec<u8>) {
    let plain: usize = files.iter().map(Vec::len).sum();
    // Enough rounds for about a second, at least one.
    let started = Instant::now();
    let mut size = 0;
    let mut rounds = 0;
    while rounds == 0 || started.elapsed().as_secs_f64() < 1.0 {
        size = files.iter().map(|file| compress(file).len()).sum::<usize>();
        rounds += 1;
    }
    let per_answer = started.elapsed().as_secs_f64() / f64::from(rounds) / files.len() as f64;
    println!(
        "{name:<11} {:>6.1}% of plain  {:>8.1} µs per answer  {:>7.1} MB/s",
        100.0 * size as f64 / plain as f64,
        per_answer * 1e6,
        plain as f64 / files.len() as f64 / per_answer / 1e6
    );
}

fn main() {
    let files: Vec<Vec<u8>> = std::env::args()
        .skip(1)
        .map(|path| std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}")))
        .collect();
    if files.is_empty() {
        eprintln!("usage: compression_levels FILE...");
        std::process::exit(2);
    }
    let plain: usize = files.iter().map(Vec::len).sum();
    println!(
        "{} answers, {} bytes each on average",
        files.len(),
        plain / files.len()
    );
    // The server's window: the smallest that holds the answer, from 256 KB (2^18).
    for quality in [0, 1, 2, 3, 4, 5, 6, 7, 9, 11] {
        measure(&format!("brotli q{quality}"), &files, |file| {
            brotli(file, quality, 18)
        });
    }
    // A window that barely holds a post page (32 KB): quality 5 falls off a cliff below 128 KB.
    measure("brotli q5 w15", &files, |file| brotli(file, 5, 15));
    for level in [1, 3, 6, 9] {
        measure(&format!("gzip -{level}"), &files, |file| gzip(file, level));
    }
}
