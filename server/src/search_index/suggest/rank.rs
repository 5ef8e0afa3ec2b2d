//! Ranking the suggestions: the best matches of each kind while a lookup scans, and the
//! share of each kind in the list a visitor sees.

use super::super::analysis::fold;
use super::{Entry, Kind};

/// A match being ranked: (at the start of the text, weight, slot).
pub(super) type Candidate = (bool, f64, u32);

fn better(a: &Candidate, b: &Candidate) -> bool {
    (a.0, a.1) > (b.0, b.1) || ((a.0, a.1) == (b.0, b.1) && a.2 < b.2)
}

/// Keeps `top` sorted best first, at most `limit` long, one place per slot.
pub(super) fn keep_best(top: &mut Vec<Candidate>, candidate: Candidate, limit: usize) {
    // Most records of a large range lose to the last kept one: settle them first. (A slot
    // already kept is at least as good as the last one.)
    if top.len() == limit && !top.last().is_some_and(|last| better(&candidate, last)) {
        return;
    }
    if let Some(at) = top.iter().position(|t| t.2 == candidate.2) {
        if !better(&candidate, &top[at]) {
            return;
        }
        top.remove(at);
    }
    let at = top
        .iter()
        .position(|t| better(&candidate, t))
        .unwrap_or(top.len());
    top.insert(at, candidate);
    top.truncate(limit);
}

/// The order and share of kinds in a list of at most `limit`: a few of each kind first,
/// then whatever is left in the same order; one entry per text among queries, tags and
/// categories.
pub fn blend<'a>(found: Vec<&'a Entry>, limit: usize) -> Vec<&'a Entry> {
    const QUOTAS: [(Kind, usize); 5] = [
        (Kind::Query, 2),
        (Kind::Category, 1),
        (Kind::Tag, 2),
        (Kind::Business, 2),
        (Kind::Post, 3),
    ];
    let mut out: Vec<&Entry> = Vec::with_capacity(limit);
    let mut words: Vec<String> = Vec::new();
    let mut taken = vec![false; found.len()];
    let mut accept = |entry: &'a Entry, out: &mut Vec<&'a Entry>| -> bool {
        if matches!(entry.kind, Kind::Query | Kind::Tag | Kind::Category) {
            let word = fold(&entry.text);
            if words.contains(&word) {
                return true;
            }
            words.push(word);
        }
        out.push(entry);
        true
    };
    for (kind, quota) in QUOTAS {
        let mut used = 0;
        for (i, entry) in found.iter().enumerate() {
            if out.len() == limit || used == quota {
                break;
            }
            if entry.kind == kind && !taken[i] {
                taken[i] = accept(entry, &mut out);
                used += 1;
            }
        }
    }
    for (kind, _) in QUOTAS {
        for (i, entry) in found.iter().enumerate() {
            if out.len() == limit {
                break;
            }
            if entry.kind == kind && !taken[i] {
                taken[i] = accept(entry, &mut out);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blend_shares_kinds_and_drops_repeated_words() {
        let entries = [
            Entry {
                text: "마케팅".into(),
                kind: Kind::Query,
                id: 0,
                weight: 5.0,
            },
            Entry {
                text: "마케팅".into(),
                kind: Kind::Tag,
                id: 1,
                weight: 3.0,
            },
            Entry {
                text: "마케팅 전략".into(),
                kind: Kind::Post,
                id: 2,
                weight: 1.0,
            },
        ];
        let blended = blend(entries.iter().collect(), 10);
        let kinds: Vec<Kind> = blended.iter().map(|e| e.kind).collect();
        assert_eq!(kinds, [Kind::Query, Kind::Post]);
    }
}
