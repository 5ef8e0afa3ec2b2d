//! An answer kept for many readers, as HTTP sends it: compressed once per encoding, with
//! an ETag of its own per encoding and a 304 for a client that holds it.
//!
//! A kept answer is served as it is: brotli to a client that accepts it, else gzip, else the
//! plain bytes, with `Content-Encoding`, `Vary: Accept-Encoding` and an ETag of its own per
//! encoding (a 304 for any of them). The first request that asks for an encoding compresses
//! the answer; every later one sends the same bytes (docs/performance-journal.md, "Compress once").

use axum::body::Bytes;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use std::cell::RefCell;
use std::io::{Read, Write};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicUsize, Ordering};
use std::sync::{Arc, RwLock};

/// Brotli and gzip settings, chosen by measurement on post pages and their JSON
/// (docs/performance-journal.md, "Compress once" and the seventh step): an answer is first compressed
/// at gzip -1 on the request that made it (32.5% of the plain size in 0.045 ms for a 19 KB
/// post page through zlib-rs; brotli's quality 1 took 0.15 ms for 28.9%), and an answer
/// readers come back to is compressed once, off the request path, at brotli quality 5 (22.8%,
/// 0.33 ms), or gzip -6 for a client that accepts only gzip (25.4%). A page read once (a
/// crawler's, the long tail's) never pays for brotli.
const BROTLI_QUALITY: u32 = 5;
const BROTLI_WINDOW: u32 = 22;
/// The smallest window: 256 KB. Below 128 KB the brotli encoder's quality 5 turns 25 times
/// slower (8.5 ms instead of 0.33 ms for a 19 KB post page, the same size; measured with
/// `examples/compression_levels.rs`), and the ring buffer is freed with the encoder.
const BROTLI_MIN_WINDOW: u32 = 18;
const GZIP_FAST: u32 = 1;
const GZIP_BEST: u32 = 6;
/// Answers smaller than this are made better at gzip -6, not brotli, and served so to brotli's
/// clients too (who all accept gzip): the brotli encoder's quality 5 spends some 100 µs making
/// its tables whatever the input, so on a post's 1.7 KB JSON it took 140 µs for 53.6% of the
/// plain size where gzip -6 took 56 µs for 58.8% (88 bytes more), and on 8 KB 0.35 ms against
/// 0.11 ms for 30.0% against 33.0%; on a 19.6 KB post page brotli saves 470 bytes an answer
/// (22.8% against 25.2%) and is kept (`examples/compression_levels.rs`).
const BROTLI_FROM: usize = 8 * 1024;
/// Requests of one encoding after which it is compressed at the better setting.
const HOT_AFTER: u32 = 2;
/// Answers smaller than this are sent as they are (a header costs more than it saves).
const COMPRESS_FROM: usize = 256;

/// A content coding a client accepts, best first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coding {
    Brotli,
    Gzip,
    Identity,
}

impl Coding {
    /// The best coding `headers` accept (`Accept-Encoding`, with q-values; `*` counts).
    pub fn accepted(headers: &HeaderMap) -> Coding {
        let mut brotli = None;
        let mut gzip = None;
        let mut any = None;
        for value in headers.get_all(header::ACCEPT_ENCODING) {
            let Ok(value) = value.to_str() else { continue };
            for item in value.split(',') {
                let mut parts = item.split(';');
                let name = parts.next().unwrap_or("").trim();
                let quality = parts
                    .filter_map(|part| part.trim().strip_prefix("q="))
                    .find_map(|q| q.trim().parse::<f32>().ok())
                    .unwrap_or(1.0);
                let accepted = quality > 0.0;
                if name.eq_ignore_ascii_case("br") {
                    brotli = Some(accepted);
                } else if name.eq_ignore_ascii_case("gzip") || name.eq_ignore_ascii_case("x-gzip") {
                    gzip = Some(accepted);
                } else if name == "*" {
                    any = Some(accepted);
                }
            }
        }
        if brotli.or(any) == Some(true) {
            Coding::Brotli
        } else if gzip.or(any) == Some(true) {
            Coding::Gzip
        } else {
            Coding::Identity
        }
    }

    fn suffix(self) -> &'static str {
        match self {
            Coding::Brotli => "-br",
            Coding::Gzip => "-gz",
            Coding::Identity => "",
        }
    }
}

/// An answer kept for many readers. It is held compressed: gzip at its fast setting from the
/// start (the plain bytes are three to four times larger, and a cache bounded in bytes holds
/// that many more answers), brotli at its better setting once the answer is asked for again
/// (the gzip copy is then dropped unless a client asked for gzip itself; under
/// `BROTLI_FROM` gzip's better setting instead, for every client); a client that
/// accepts neither gets the plain bytes decoded, which costs a tenth of making them.
pub struct CachedPage {
    /// The plain answer's ETag, quoted (`"<generation>-<fingerprint>"`).
    etag: String,
    /// The plain answer's length.
    plain_len: usize,
    /// The plain answer's CRC-32: in its ETag and in every gzip copy's trailer.
    crc: u32,
    /// The plain answer when it is too small to compress.
    small: Option<Bytes>,
    content_type: &'static str,
    /// `Vary` beyond `Accept-Encoding` (a page's language comes from headers).
    vary: &'static str,
    brotli: Encoded,
    gzip: Encoded,
    /// Requests for the answer, in any encoding.
    requests: AtomicU32,
    /// Set when the bytes held changed since the cache last weighed the answer: the cache
    /// weighs it again at its next read.
    reweigh: AtomicBool,
}

/// One encoding of an answer.
#[derive(Default)]
struct Encoded {
    bytes: RwLock<Option<Bytes>>,
    /// Requests that asked for this encoding as their best (counted for gzip: its copy is
    /// kept beside brotli only once a client asked for gzip itself).
    requests: AtomicU32,
    /// Set once the better compression has started: it is made once.
    improving: AtomicBool,
}

impl Encoded {
    fn made(bytes: Bytes) -> Self {
        Encoded {
            bytes: RwLock::new(Some(bytes)),
            ..Encoded::default()
        }
    }

    fn get(&self) -> Option<Bytes> {
        self.bytes.read().ok().and_then(|bytes| bytes.clone())
    }

    fn set(&self, bytes: Option<Bytes>) {
        if let Ok(mut slot) = self.bytes.write() {
            *slot = bytes;
        }
    }

    fn len(&self) -> usize {
        self.get().map_or(0, |bytes| bytes.len())
    }
}

/// Better compressions running now, on every page: each holds a compressor's window and
/// tables, so a burst of pages turning hot at once waits for a later request instead of
/// filling the blocking pool.
static IMPROVING: AtomicUsize = AtomicUsize::new(0);
const IMPROVING_AT_ONCE: usize = 2;

impl CachedPage {
    pub fn json(generation: u64, body: Bytes) -> Self {
        Self::new(generation, body, "application/json", "Accept-Encoding")
    }

    pub fn html(generation: u64, body: Bytes) -> Self {
        Self::new(
            generation,
            body,
            "text/html; charset=utf-8",
            "Accept-Language, Cookie, Accept-Encoding",
        )
    }

    fn new(generation: u64, body: Bytes, content_type: &'static str, vary: &'static str) -> Self {
        let crc = crc32(&body);
        let etag = format!("\"{}-{:x}\"", generation, fingerprint(crc, &body));
        let gzip = (body.len() >= COMPRESS_FROM)
            .then(|| gzip(&body, crc, GZIP_FAST))
            .flatten()
            .map_or_else(Encoded::default, |bytes| Encoded::made(Bytes::from(bytes)));
        CachedPage {
            etag,
            plain_len: body.len(),
            crc,
            small: gzip.get().is_none().then_some(body),
            content_type,
            vary,
            brotli: Encoded::default(),
            gzip,
            requests: AtomicU32::new(0),
            reweigh: AtomicBool::new(false),
        }
    }

    /// The plain answer's ETag.
    pub fn etag(&self) -> &str {
        &self.etag
    }

    /// The plain answer (decoded from a compressed copy when it was compressed).
    pub fn plain(&self) -> Bytes {
        if let Some(small) = &self.small {
            return small.clone();
        }
        let mut plain = Vec::with_capacity(self.plain_len);
        // The gzip copy is dropped only after the brotli one is made: one of the three reads
        // finds a copy.
        let decoded = if let Some(brotli) = self.brotli.get() {
            brotli::Decompressor::new(&brotli[..], 16 * 1024).read_to_end(&mut plain)
        } else if let Some(gzip) = self.gzip.get() {
            flate2::read::GzDecoder::new(&gzip[..]).read_to_end(&mut plain)
        } else {
            let brotli = self.brotli.get().unwrap_or_default();
            brotli::Decompressor::new(&brotli[..], 16 * 1024).read_to_end(&mut plain)
        };
        match decoded {
            Ok(_) => Bytes::from(plain),
            // Bytes this process compressed itself always decode.
            Err(error) => unreachable!("a kept answer's copy does not decode: {error}"),
        }
    }

    /// The plain answer's length.
    pub fn plain_len(&self) -> usize {
        self.plain_len
    }

    /// Bytes held now (the encodings made so far, or the small plain answer).
    pub fn weight(&self) -> usize {
        self.small.as_ref().map_or(0, Bytes::len) + self.brotli.len() + self.gzip.len()
    }

    /// Whether the bytes held changed since the last call (the cache weighs the answer
    /// again).
    pub(super) fn take_reweigh(&self) -> bool {
        self.reweigh.swap(false, Ordering::AcqRel)
    }

    /// The answer for a client whose best coding is `coding`, with the coding it is in;
    /// `None` when it is sent as it is (identity, or a small answer).
    ///
    /// Brotli is made once, at its better setting, off the request path, when the answer is
    /// asked for again (inline where there is no runtime): until it is there, a client that
    /// accepts brotli gets the gzip copy, which every such client accepts too. A page read
    /// once (a crawler's, the long tail's) costs only gzip's fast setting. A gzip client's
    /// copy is made fast when missing and made again at gzip's better setting once it is
    /// asked for twice. An answer under `BROTLI_FROM` is never made in brotli: its better
    /// copy is gzip's, for every client.
    pub fn encoded(self: &Arc<Self>, coding: Coding) -> Option<(Coding, Bytes)> {
        if self.small.is_some() {
            return None;
        }
        let requests = self.requests.fetch_add(1, Ordering::Relaxed) + 1;
        let coding = match coding {
            Coding::Brotli if self.plain_len < BROTLI_FROM => Coding::Gzip,
            coding => coding,
        };
        match coding {
            Coding::Identity => None,
            Coding::Brotli => {
                if let Some(bytes) = self.brotli.get() {
                    return Some((Coding::Brotli, bytes));
                }
                if requests >= HOT_AFTER {
                    self.improve(Coding::Brotli);
                    if let Some(bytes) = self.brotli.get() {
                        return Some((Coding::Brotli, bytes));
                    }
                }
                Some((Coding::Gzip, self.gzip_copy()?))
            }
            Coding::Gzip => {
                let asked = self.gzip.requests.fetch_add(1, Ordering::Relaxed) + 1;
                let bytes = self.gzip_copy()?;
                if asked >= HOT_AFTER {
                    self.improve(Coding::Gzip);
                }
                Some((Coding::Gzip, bytes))
            }
        }
    }

    /// The gzip copy, made fast when there is none (dropped after brotli was made).
    fn gzip_copy(&self) -> Option<Bytes> {
        if let Some(bytes) = self.gzip.get() {
            return Some(bytes);
        }
        let fast = Bytes::from(gzip(&self.plain(), self.crc, GZIP_FAST)?);
        let mut slot = self.gzip.bytes.write().ok()?;
        Some(
            slot.get_or_insert_with(|| {
                self.reweigh.store(true, Ordering::Release);
                fast
            })
            .clone(),
        )
    }

    /// Has `coding` compressed at the better setting, once, unless enough pages are being
    /// compressed already (a later request tries again). Once brotli is made, the gzip copy
    /// is dropped unless a client asked for gzip itself.
    fn improve(self: &Arc<Self>, coding: Coding) {
        let encoded = match coding {
            Coding::Brotli => &self.brotli,
            _ => &self.gzip,
        };
        if encoded.improving.swap(true, Ordering::AcqRel) {
            return;
        }
        if IMPROVING.fetch_add(1, Ordering::AcqRel) >= IMPROVING_AT_ONCE {
            IMPROVING.fetch_sub(1, Ordering::AcqRel);
            encoded.improving.store(false, Ordering::Release);
            return;
        }
        let page = Arc::clone(self);
        let improve = move || {
            let plain = page.plain();
            let best = match coding {
                Coding::Brotli => brotli(&plain),
                _ => gzip(&plain, page.crc, GZIP_BEST),
            };
            if let Some(best) = best {
                let best = Some(Bytes::from(best));
                match coding {
                    Coding::Brotli => {
                        page.brotli.set(best);
                        if page.gzip.requests.load(Ordering::Acquire) == 0 {
                            page.gzip.set(None);
                        }
                    }
                    _ => page.gzip.set(best),
                }
                page.reweigh.store(true, Ordering::Release);
            }
            IMPROVING.fetch_sub(1, Ordering::AcqRel);
        };
        match tokio::runtime::Handle::try_current() {
            Ok(runtime) => drop(runtime.spawn_blocking(improve)),
            Err(_) => improve(),
        }
    }

    /// The answer for `headers`: 304 when the client holds it already (If-None-Match names
    /// its ETag in any encoding), else the body in the best encoding the client accepts that
    /// is made; both with `cache_control`.
    pub fn respond(self: &Arc<Self>, headers: &HeaderMap, cache_control: &'static str) -> Response {
        let encoded = self.encoded(Coding::accepted(headers));
        let coding = encoded
            .as_ref()
            .map_or(Coding::Identity, |(coding, _)| *coding);
        let etag = self.etag_of(coding);
        let mut head = HeaderMap::with_capacity(6);
        head.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static(cache_control),
        );
        head.insert(header::VARY, HeaderValue::from_static(self.vary));
        if let Ok(value) = HeaderValue::from_str(&etag) {
            head.insert(header::ETAG, value);
        }
        // On a 304 too: the headers a browser stores over its copy follow from it (an HTML
        // page's content policy; without it the kept page got the API's, which runs no
        // script).
        head.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(self.content_type),
        );
        if self.is_held_by(headers) {
            return (StatusCode::NOT_MODIFIED, head).into_response();
        }
        let body = match encoded {
            Some((Coding::Brotli, bytes)) => {
                head.insert(header::CONTENT_ENCODING, HeaderValue::from_static("br"));
                bytes
            }
            Some((Coding::Gzip, bytes)) => {
                head.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
                bytes
            }
            _ => self.plain(),
        };
        (StatusCode::OK, head, body).into_response()
    }

    fn etag_of(&self, coding: Coding) -> String {
        let suffix = coding.suffix();
        if suffix.is_empty() {
            return self.etag.clone();
        }
        let inner = self.etag.trim_end_matches('"');
        format!("{inner}{suffix}\"")
    }

    /// Whether If-None-Match names this answer in any of its encodings.
    fn is_held_by(&self, headers: &HeaderMap) -> bool {
        let inner = self.etag.trim_matches('"');
        headers
            .get_all(header::IF_NONE_MATCH)
            .iter()
            .filter_map(|value| value.to_str().ok())
            .flat_map(|value| value.split(','))
            .map(|tag| tag.trim().trim_start_matches("W/").trim_matches('"'))
            .any(|tag| {
                tag == "*"
                    || tag
                        .strip_prefix(inner)
                        .is_some_and(|rest| matches!(rest, "" | "-br" | "-gz"))
            })
    }
}

/// `plain` in brotli, at the quality readers' answers are kept in.
fn brotli(plain: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(plain.len() / 4);
    {
        let mut writer = brotli::CompressorWriter::new(
            &mut out,
            16 * 1024,
            BROTLI_QUALITY,
            window_for(plain.len()),
        );
        writer.write_all(plain).ok()?;
        writer.flush().ok()?;
    }
    // Kept for as long as the answer is: without its spare capacity (a Vec grown past its
    // first guess holds up to twice the bytes it needs).
    out.shrink_to_fit();
    Some(out)
}

/// `plain` in gzip at `level`, by a deflate stream this thread keeps for the level and resets
/// between answers: a new stream allocates and zeroes about 270 KB of window and hash tables,
/// more than compressing a 20 KB page at level 1 costs. The gzip header and trailer (`crc`,
/// the CRC-32 of `plain` the answer keeps, and the length, RFC 1952) are written here around
/// the raw deflate bytes.
fn gzip(plain: &[u8], crc: u32, level: u32) -> Option<Vec<u8>> {
    thread_local! {
        static DEFLATERS: RefCell<Vec<(u32, flate2::Compress)>> = const { RefCell::new(Vec::new()) };
    }
    const HEADER: [u8; 10] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];
    let mut out = Vec::with_capacity(HEADER.len() + plain.len() / 3 + 64);
    out.extend_from_slice(&HEADER);
    DEFLATERS.with_borrow_mut(|deflaters| {
        let index = match deflaters.iter().position(|(kept, _)| *kept == level) {
            Some(index) => index,
            None => {
                let stream = flate2::Compress::new(flate2::Compression::new(level), false);
                deflaters.push((level, stream));
                deflaters.len() - 1
            }
        };
        let stream = &mut deflaters[index].1;
        stream.reset();
        let mut read = 0;
        loop {
            if out.capacity() - out.len() < 64 {
                out.reserve(out.len().max(1024));
            }
            let before = stream.total_in();
            let status = stream
                .compress_vec(&plain[read..], &mut out, flate2::FlushCompress::Finish)
                .ok()?;
            read += usize::try_from(stream.total_in() - before).ok()?;
            if status == flate2::Status::StreamEnd {
                return Some(());
            }
        }
    })?;
    out.extend_from_slice(&crc.to_le_bytes());
    // RFC 1952: the length modulo 2^32.
    out.extend_from_slice(&(plain.len() as u32).to_le_bytes());
    out.shrink_to_fit();
    Some(out)
}

/// The smallest brotli window that holds `len` bytes (the encoder allocates its ring buffer
/// and tables by the window, not by the input), from 256 KB: a 20 KB page needs that, not 4 MB.
fn window_for(len: usize) -> u32 {
    (BROTLI_MIN_WINDOW..BROTLI_WINDOW)
        .find(|bits| (1usize << bits) - 16 >= len)
        .unwrap_or(BROTLI_WINDOW)
}

/// The CRC-32 of `bytes` (crc32fast, by SIMD: about 2 µs for a 19 KB post page, where FNV-1a
/// byte by byte took some 20 µs of a page made on a miss). Worked out once per answer: its
/// ETag and its gzip copies' trailers share it.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = flate2::Crc::new();
    crc.update(bytes);
    crc.sum()
}

/// A cheap fingerprint of a body for its ETag: its CRC-32 and its length.
fn fingerprint(crc: u32, bytes: &[u8]) -> u64 {
    (u64::from(crc) << 32) | (bytes.len() as u64 & 0xffff_ffff)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, value.parse().unwrap());
        }
        map
    }

    /// An answer the size of a post page (brotli is made for it).
    fn page() -> Arc<CachedPage> {
        answer(2000)
    }

    /// An answer of `words` Korean and English words in a fixed pseudo-random order, in JSON
    /// (text that compresses as prose does, better at a better setting).
    fn answer(words: usize) -> Arc<CachedPage> {
        const WORDS: [&str; 12] = [
            "한국어",
            "본문",
            "text",
            "기업",
            "소식",
            "채용",
            "insight",
            "인사이트",
            "제품",
            "culture",
            "보도자료",
            "story",
        ];
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let text: Vec<&str> = (0..words)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                WORDS[(state % WORDS.len() as u64) as usize]
            })
            .collect();
        let body = format!("{{\"data\":\"{}\"}}", text.join(" "));
        Arc::new(CachedPage::json(7, Bytes::from(body)))
    }

    /// An answer under 8 KB (a post's JSON, a list's) is made better at gzip -6 for every
    /// client: brotli's tables would cost more time than its bytes save. A brotli client gets
    /// the gzip bytes, with their ETag, and no brotli copy is ever made.
    #[test]
    fn a_small_answer_is_made_better_in_gzip_for_every_client() {
        let page = answer(300);
        assert!((COMPRESS_FROM..BROTLI_FROM).contains(&page.plain_len()));
        let (coding, fast) = page.encoded(Coding::Brotli).unwrap();
        assert_eq!(coding, Coding::Gzip);
        // Asked for again: the fast bytes once more, and the better gzip is made (at once
        // without a runtime) for the next request.
        let (coding, again) = page.encoded(Coding::Brotli).unwrap();
        assert_eq!((coding, again.as_ptr()), (Coding::Gzip, fast.as_ptr()));
        let (coding, better) = page.encoded(Coding::Brotli).unwrap();
        assert_eq!(coding, Coding::Gzip);
        assert_smaller(&better, &fast);
        assert_eq!(ungzip(&better), page.plain());
        for coding in [Coding::Brotli, Coding::Gzip] {
            let (sent, bytes) = page.encoded(coding).unwrap();
            assert_eq!(sent, Coding::Gzip);
            assert_eq!(
                bytes.as_ptr(),
                better.as_ptr(),
                "the same bytes for every client"
            );
        }
        assert!(page.brotli.get().is_none(), "no brotli copy");
        assert_eq!(page.weight(), better.len());
        let response = page.respond(
            &headers(&[("accept-encoding", "gzip, deflate, br")]),
            "no-cache",
        );
        assert_eq!(response.headers()["content-encoding"], "gzip");
        assert_eq!(
            response.headers()["etag"],
            page.etag_of(Coding::Gzip).as_str()
        );
    }

    /// Brotli's quality 5 with a window under 128 KB took 8.5 ms for a post page instead of
    /// 0.33 ms (docs/performance-journal.md, sixth step): no answer gets such a window, and every
    /// answer fits the window it gets, up to the largest.
    #[test]
    fn no_answer_is_compressed_with_a_window_under_128_kb() {
        for len in [0, 300, 19_400, 32_000, 120_000, 300_000, 1 << 20, 8 << 20] {
            let window = window_for(len);
            assert!(window >= 17, "{len} bytes got a window of 2^{window}");
            assert!(window == BROTLI_WINDOW || len <= (1usize << window) - 16);
        }
    }

    #[test]
    fn a_kept_encoding_holds_no_spare_capacity() {
        // Text that compresses to more than the first guess of a quarter of its size.
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let plain: Vec<u8> = (0..40_000)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                b"abcdefghijklmnopqrstuvwxyz0123456789"[(state % 36) as usize]
            })
            .collect();
        let made = [
            ("brotli", brotli(&plain)),
            ("gzip fast", gzip(&plain, crc32(&plain), GZIP_FAST)),
            ("gzip better", gzip(&plain, crc32(&plain), GZIP_BEST)),
        ];
        for (name, out) in made {
            let out = out.unwrap();
            assert!(out.len() > plain.len() / 2, "{name}: {}", out.len());
            assert_eq!(out.capacity(), out.len(), "{name}");
        }
    }

    #[test]
    fn gzip_made_by_a_thread_s_reused_compressor_decodes_to_its_input() {
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let noise: Vec<u8> = (0..300 * 1024)
            .map(|_| {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state as u8
            })
            .collect();
        let korean = "한국어 본문과 기업 소식, 채용 인사이트. "
            .repeat(2000)
            .into_bytes();
        let inputs: [&[u8]; 4] = [b"", b"x", &korean, &noise];
        // Twice over: the second round compresses with streams the first one left behind.
        for round in 0..2 {
            for input in inputs {
                for level in [GZIP_FAST, GZIP_BEST] {
                    let out = gzip(input, crc32(input), level).unwrap();
                    assert_eq!(ungzip(&out), input, "round {round}, level {level}");
                }
            }
        }
        let korean_gzip = gzip(&korean, crc32(&korean), GZIP_BEST).unwrap();
        assert!(
            korean_gzip.len() < korean.len() / 20,
            "{}",
            korean_gzip.len()
        );
    }

    async fn bytes_of(response: Response) -> Bytes {
        axum::body::to_bytes(response.into_body(), usize::MAX)
            .await
            .unwrap()
    }

    /// The better copy is smaller than the fast one.
    fn assert_smaller(better: &Bytes, fast: &Bytes) {
        assert!(
            better.len() < fast.len(),
            "{} >= {}",
            better.len(),
            fast.len()
        );
    }

    fn unbrotli(bytes: &[u8]) -> Vec<u8> {
        let mut decoded = Vec::new();
        brotli::Decompressor::new(bytes, 4096)
            .read_to_end(&mut decoded)
            .unwrap();
        decoded
    }

    #[test]
    fn the_best_accepted_coding_is_chosen() {
        let accepted =
            |value: &'static str| Coding::accepted(&headers(&[("accept-encoding", value)]));
        assert_eq!(accepted("gzip, deflate, br"), Coding::Brotli);
        assert_eq!(accepted("gzip, deflate"), Coding::Gzip);
        assert_eq!(accepted("br;q=0, gzip"), Coding::Gzip);
        assert_eq!(accepted("identity"), Coding::Identity);
        assert_eq!(accepted("*"), Coding::Brotli);
        assert_eq!(accepted("*;q=0"), Coding::Identity);
        assert_eq!(Coding::accepted(&HeaderMap::new()), Coding::Identity);
    }

    fn ungzip(bytes: &[u8]) -> Vec<u8> {
        let mut decoded = Vec::new();
        flate2::read::GzDecoder::new(bytes)
            .read_to_end(&mut decoded)
            .unwrap();
        decoded
    }

    #[tokio::test]
    async fn each_encoding_decodes_to_the_plain_answer() {
        let page = page();
        let plain = page.plain();
        let browser = headers(&[("accept-encoding", "gzip, deflate, br")]);
        // The request that made the answer gets its fast gzip copy, which a browser accepts.
        let response = page.respond(&browser, "no-cache");
        assert_eq!(response.headers()["content-encoding"], "gzip");
        assert_eq!(
            response.headers()["etag"],
            page.etag_of(Coding::Gzip).as_str()
        );
        assert_eq!(ungzip(&bytes_of(response).await), plain);
        // Asked for again: brotli is made off the request path, and then served.
        let mut response = page.respond(&browser, "no-cache");
        for _ in 0..200 {
            if response.headers()["content-encoding"] == "br" {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
            response = page.respond(&browser, "no-cache");
        }
        assert_eq!(response.headers()["content-encoding"], "br");
        assert_eq!(response.headers()["vary"], "Accept-Encoding");
        assert_eq!(
            response.headers()["etag"],
            page.etag_of(Coding::Brotli).as_str()
        );
        let sent = bytes_of(response).await;
        assert!(
            sent.len() < plain.len() / 4,
            "{} of {}",
            sent.len(),
            plain.len()
        );
        assert_eq!(unbrotli(&sent), plain);

        let response = page.respond(&headers(&[("accept-encoding", "gzip")]), "no-cache");
        assert_eq!(response.headers()["content-encoding"], "gzip");
        assert_eq!(ungzip(&bytes_of(response).await), plain);

        let response = page.respond(&HeaderMap::new(), "no-cache");
        assert!(response.headers().get("content-encoding").is_none());
        assert_eq!(bytes_of(response).await, plain);
        // Held compressed: both copies together are smaller than the plain answer.
        assert!(
            page.weight() < plain.len() / 2,
            "{} of {}",
            page.weight(),
            plain.len()
        );
    }

    /// Fast gzip from the start, brotli once asked for again, and then the same bytes for
    /// every reader: nothing kept is compressed per request, and a copy no client asked for
    /// is not held.
    #[test]
    fn an_encoding_is_made_fast_then_better_once() {
        let page = page();
        let (coding, first) = page.encoded(Coding::Brotli).unwrap();
        assert_eq!(coding, Coding::Gzip, "the answer's first copy");
        assert!(!page.take_reweigh());
        // Asked for again: without a runtime brotli is made at once, and the gzip copy, which
        // no gzip client asked for, is dropped.
        let (coding, better) = page.encoded(Coding::Brotli).unwrap();
        assert_eq!(coding, Coding::Brotli);
        assert_smaller(&better, &first);
        assert_eq!(unbrotli(&better), page.plain());
        assert_eq!(page.weight(), better.len(), "the gzip copy is dropped");
        assert!(page.take_reweigh(), "the cache weighs the answer again");
        for _ in 0..5 {
            assert_eq!(
                page.encoded(Coding::Brotli).unwrap().1.as_ptr(),
                better.as_ptr()
            );
        }
        // A gzip client: the fast copy again, then the better one once, then the same bytes.
        let (coding, fast) = page.encoded(Coding::Gzip).unwrap();
        assert_eq!(coding, Coding::Gzip);
        assert!(page.take_reweigh());
        let (_, again) = page.encoded(Coding::Gzip).unwrap();
        assert_eq!(again.as_ptr(), fast.as_ptr(), "the fast bytes are served");
        let (_, best) = page.encoded(Coding::Gzip).unwrap();
        assert_ne!(best.as_ptr(), fast.as_ptr());
        assert!(best.len() <= fast.len());
        assert_eq!(ungzip(&best), page.plain());
        for _ in 0..5 {
            assert_eq!(
                page.encoded(Coding::Gzip).unwrap().1.as_ptr(),
                best.as_ptr()
            );
        }
        assert_eq!(page.weight(), better.len() + best.len());
    }

    #[test]
    fn a_held_etag_in_any_encoding_answers_304() {
        let page = page();
        // Asked for twice: its brotli copy is made.
        page.encoded(Coding::Brotli);
        page.encoded(Coding::Brotli);
        for coding in [Coding::Brotli, Coding::Gzip, Coding::Identity] {
            let tag: &'static str = Box::leak(page.etag_of(coding).into_boxed_str());
            let response = page.respond(
                &headers(&[("accept-encoding", "br"), ("if-none-match", tag)]),
                "no-cache",
            );
            assert_eq!(response.status(), StatusCode::NOT_MODIFIED);
            assert_eq!(response.headers()["content-type"], "application/json");
            assert_eq!(
                response.headers()["etag"],
                page.etag_of(Coding::Brotli).as_str()
            );
        }
        let other = CachedPage::json(8, page.plain());
        let stale: &'static str = Box::leak(other.etag_of(Coding::Brotli).into_boxed_str());
        let response = page.respond(
            &headers(&[("accept-encoding", "br"), ("if-none-match", stale)]),
            "no-cache",
        );
        assert_eq!(response.status(), StatusCode::OK);
    }

    #[test]
    fn a_small_answer_is_sent_as_it_is() {
        let page = Arc::new(CachedPage::json(1, Bytes::from_static(b"{\"code\":\"0\"}")));
        let response = page.respond(&headers(&[("accept-encoding", "br, gzip")]), "no-cache");
        assert!(response.headers().get("content-encoding").is_none());
        assert_eq!(response.headers()["etag"], page.etag());
    }
}
