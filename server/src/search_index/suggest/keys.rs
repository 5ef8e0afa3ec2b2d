//! The keys of the suggestions: each keyed word of an entry is a record, ordered by the key
//! its text gives (keystrokes or initials), which is computed when a comparison needs it.

use super::super::analysis::{fold_char, is_gram_char};
use super::Entry;
use std::cmp::Ordering;
use tidemark_core::korean::{chosung, decompose};

/// A keyed word: the entry's slot and the byte offset of the word in its text, in 6 bytes
/// (as a `u32` and a `u16` it would take 8 with padding: 36 MB more at a million titles).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Record {
    slot: [u16; 2],
    start: u16,
}

impl Record {
    pub(super) fn new(slot: u32, start: u16) -> Record {
        Record {
            slot: [(slot >> 16) as u16, slot as u16],
            start,
        }
    }

    pub(super) fn slot(&self) -> u32 {
        (u32::from(self.slot[0]) << 16) | u32::from(self.slot[1])
    }

    /// Byte offset of the word in the entry's text.
    pub(super) fn start(&self) -> u16 {
        self.start
    }
}

/// Characters of an entry's text a key covers; longer typed prefixes are checked one by one.
pub(super) const KEY_CHARS: usize = 24;
/// Words of an entry that are keyed (a title's ninth word is not).
const MAX_WORDS: usize = 8;

#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Keying {
    Keystrokes,
    Initials,
}

/// The key of `text`: letters and digits only, folded, as keystrokes or initials; at most
/// `limit` characters.
pub(super) fn key(text: &str, keying: Keying, limit: usize) -> String {
    let mut folded = String::with_capacity(limit.min(64) * 3);
    for c in text.chars().filter(|c| c.is_alphanumeric()).take(limit) {
        fold_char(c, &mut folded);
    }
    let mut out = match keying {
        Keying::Keystrokes => decompose(&folded),
        Keying::Initials => chosung(&folded),
    };
    if let Some((cut, _)) = out.char_indices().nth(limit) {
        out.truncate(cut);
    }
    out
}

/// Where words start: after a separator, and where Hangul meets Latin (AI마케팅 → AI, 마케팅).
pub(super) fn word_starts(text: &str) -> Vec<u16> {
    let mut starts = Vec::new();
    let mut previous: Option<char> = None;
    for (at, c) in text.char_indices() {
        if c.is_alphanumeric() {
            let boundary =
                previous.is_none_or(|p| !p.is_alphanumeric() || is_gram_char(p) != is_gram_char(c));
            if boundary {
                match u16::try_from(at) {
                    Ok(at) => starts.push(at),
                    Err(_) => break,
                }
                if starts.len() == MAX_WORDS {
                    break;
                }
            }
        }
        previous = Some(c);
    }
    starts
}

pub(super) fn record_key(entries: &[Option<Entry>], record: &Record, keying: Keying) -> String {
    match &entries[record.slot() as usize] {
        Some(entry) => key(&entry.text[record.start() as usize..], keying, KEY_CHARS),
        None => String::new(),
    }
}

pub(super) fn compare(
    entries: &[Option<Entry>],
    record: &Record,
    keying: Keying,
    key: &str,
    slot: u32,
    start: u16,
) -> Ordering {
    record_key(entries, record, keying)
        .as_str()
        .cmp(key)
        .then(record.slot().cmp(&slot))
        .then(record.start().cmp(&start))
}

/// Characters of a key that sorting a whole table looks at first.
const HEAD_CHARS: usize = 16;

/// The first characters of a key, a byte each, ordered as the characters are.
type Head = [u8; HEAD_CHARS];

/// Bytes of a head: none (the key ended) < Basic Latin < anything between < the Hangul
/// compatibility jamo keys are made of < anything after; an "anything" byte ends the head.
const HEAD_BETWEEN: u8 = 0x81;
const HEAD_JAMO: u8 = 0x82;
const HEAD_AFTER: u8 = HEAD_JAMO + (0x318E_u32 - 0x3131) as u8 + 1;

/// The head of `key`: one byte per character for its first `HEAD_CHARS`, so that a key
/// before another never has a head after the other's. Equal heads say nothing more, unless
/// the head holds the whole key (`is_whole_key`).
fn key_head(key: &str) -> Head {
    let mut head = [0; HEAD_CHARS];
    for (at, c) in key.chars().take(HEAD_CHARS).enumerate() {
        let code = u32::from(c);
        head[at] = match code {
            0..=0x7F => code as u8 + 1,
            0x3131..=0x318E => HEAD_JAMO + (code - 0x3131) as u8,
            0x80..=0x3130 => HEAD_BETWEEN,
            _ => HEAD_AFTER,
        };
        if matches!(head[at], HEAD_BETWEEN | HEAD_AFTER) {
            break;
        }
    }
    head
}

/// A key shorter than a head, of characters a head spells out one for one.
fn is_whole_key(head: &Head) -> bool {
    head[HEAD_CHARS - 1] == 0 && !head.iter().any(|b| matches!(*b, HEAD_BETWEEN | HEAD_AFTER))
}

/// The records of every entry in the order `compare` keeps. Sorting owned keys would hold
/// about 100 bytes a record for both arrays at once (a million titles make ten million
/// records); this sorts one array at a time on 16-byte heads, then sorts by whole keys only
/// the runs of records whose heads are alike and say too little.
pub(super) fn in_key_order(entries: &[Option<Entry>], keying: Keying) -> Vec<Record> {
    let mut headed: Vec<(Head, Record)> = Vec::new();
    for (slot, entry) in entries.iter().enumerate() {
        let Some(entry) = entry else { continue };
        for start in word_starts(&entry.text) {
            let suffix = &entry.text[start as usize..];
            let record = Record::new(slot as u32, start);
            headed.push((key_head(&key(suffix, keying, KEY_CHARS)), record));
        }
    }
    let by_place = |a: &Record, b: &Record| a.slot().cmp(&b.slot()).then(a.start().cmp(&b.start()));
    headed.sort_unstable_by(|a, b| a.0.cmp(&b.0).then_with(|| by_place(&a.1, &b.1)));
    let mut at = 0;
    while at < headed.len() {
        let head = headed[at].0;
        let end = at + headed[at..].partition_point(|(other, _)| *other == head);
        if end - at > 1 && !is_whole_key(&head) {
            let mut keyed: Vec<(String, Record)> = headed[at..end]
                .iter()
                .map(|(_, record)| (record_key(entries, record, keying), *record))
                .collect();
            keyed.sort_unstable_by(|a, b| a.0.cmp(&b.0).then_with(|| by_place(&a.1, &b.1)));
            for (place, (_, record)) in headed[at..end].iter_mut().zip(keyed) {
                place.1 = record;
            }
        }
        at = end;
    }
    let mut records = Vec::with_capacity(headed.len());
    records.extend(headed.iter().map(|(_, record)| *record));
    records
}
