//! The read side of the search index: a search's request and result types, the query it
//! builds, and the lookups (counts, related tags, content suggestions) searches make.

use super::analysis::{self, Part};
use super::fields::{Fields, BUSINESS, POST};
use super::{suggest, tantivy_error, SearchIndex};
use chrono::{DateTime, Utc};
use std::collections::HashMap;
use std::sync::Arc;
use tantivy::collector::sort_key::{SortBySimilarityScore, SortByStaticFastValue};
use tantivy::collector::{Count, TopDocs};
use tantivy::query::{BooleanQuery, BoostQuery, Occur, PhraseQuery, Query, TermQuery};
use tantivy::schema::{IndexRecordOption, Value};
use tantivy::{DocAddress, Order, Searcher, Term};

/// How much more the words of a query together, as a phrase, count than each alone: enough
/// that a post holding the phrase ranks above one holding the words apart.
const PHRASE_BOOST: f32 = 4.0;

/// What a kept search result answers.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(super) struct ResultKey {
    text: String,
    target: Target,
    sort: Sort,
    offset: usize,
    size: usize,
    category: Option<i16>,
}

/// A search that was not answered at once: its query's parts and what it asked.
struct Pending {
    parts: Vec<Part>,
    key: ResultKey,
}

impl From<SearchRequest> for ResultKey {
    fn from(request: SearchRequest) -> ResultKey {
        ResultKey {
            text: request.text,
            target: request.target,
            sort: request.sort,
            offset: request.offset,
            size: request.size,
            category: request.category,
        }
    }
}

/// Searches answered on one state of the index (its searcher generation).
#[derive(Default)]
pub(super) struct ResultCache {
    kept: std::sync::Mutex<(u64, HashMap<ResultKey, SearchResult>)>,
}

/// Results kept at most (each a page of hits, a few KB).
const MAX_KEPT_RESULTS: usize = 2048;

impl ResultCache {
    fn get(&self, generation: u64, key: &ResultKey) -> Option<SearchResult> {
        let kept = self.kept.lock().ok()?;
        (kept.0 == generation)
            .then(|| kept.1.get(key).cloned())
            .flatten()
    }

    fn keep(&self, generation: u64, key: ResultKey, result: SearchResult) {
        let Ok(mut kept) = self.kept.lock() else {
            return;
        };
        if kept.0 != generation || kept.1.len() >= MAX_KEPT_RESULTS {
            // A newer state of the index makes every kept result stale; a full cache starts
            // again.
            if generation < kept.0 {
                return;
            }
            *kept = (generation, HashMap::new());
        }
        kept.1.insert(key, result);
    }
}

/// Which documents a search looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    Contents,
    Businesses,
}

/// The order of results: all of them match the query; relevance only filters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sort {
    /// Posts by popular score, businesses by followers; then newest id first.
    Popular,
    /// By publication (businesses: creation), newest first; then id.
    Latest,
    /// By BM25 over the boosted fields (title > tags > business > summary > body).
    Relevance,
}

#[derive(Clone)]
pub struct SearchRequest {
    pub text: String,
    pub target: Target,
    pub sort: Sort,
    pub offset: usize,
    pub size: usize,
    pub category: Option<i16>,
}

#[derive(Clone)]
pub struct PostHit {
    pub id: i64,
    pub title: String,
    pub summary: String,
    pub category_id: i16,
    pub business_id: i64,
    pub business_name: String,
    pub published_at: Option<DateTime<Utc>>,
}

#[derive(Clone)]
pub struct BusinessHit {
    pub id: i64,
    pub name: String,
    pub description: String,
    pub industry: String,
    pub follower_count: i64,
    pub verified: bool,
}

#[derive(Clone)]
pub enum Hits {
    Posts(Vec<PostHit>),
    Businesses(Vec<BusinessHit>),
}

#[derive(Clone)]
pub struct SearchResult {
    pub total: usize,
    pub hits: Hits,
    pub parts: Vec<Part>,
}

impl SearchResult {
    fn empty(target: Target, parts: Vec<Part>) -> SearchResult {
        SearchResult {
            total: 0,
            hits: match target {
                Target::Contents => Hits::Posts(Vec::new()),
                Target::Businesses => Hits::Businesses(Vec::new()),
            },
            parts,
        }
    }
}

impl SearchIndex {
    fn searcher(&self) -> Searcher {
        self.inner.reader.searcher()
    }

    /// Documents of a kind in the index (what searches see now).
    pub fn count(&self, target: Target) -> usize {
        let kind = match target {
            Target::Contents => POST,
            Target::Businesses => BUSINESS,
        };
        let query = TermQuery::new(
            Term::from_field_text(self.inner.fields.kind, kind),
            IndexRecordOption::Basic,
        );
        self.searcher().search(&query, &Count).unwrap_or(0)
    }

    pub(super) fn stored_business_name(&self, business_id: i64) -> Option<String> {
        let fields = &self.inner.fields;
        let searcher = self.searcher();
        let query = TermQuery::new(
            Fields::key_term(BUSINESS, business_id, fields.key),
            IndexRecordOption::Basic,
        );
        let top = searcher
            .search(&query, &TopDocs::with_limit(1).order_by_score())
            .ok()?;
        let (_, address) = top.first()?;
        let doc: tantivy::TantivyDocument = searcher.doc(*address).ok()?;
        doc.get_first(fields.stored_title)
            .and_then(|v| v.as_str())
            .map(str::to_string)
    }

    /// A search's answer when it needs no searching: a query with nothing to look for, or the
    /// same search on the same state of the index answered before (popular searches repeat;
    /// a commit starts the kept results afresh). Cheap enough for an async thread, so a kept
    /// answer waits for no blocking thread. Otherwise what running it needs, worked out once.
    fn answered(&self, request: SearchRequest) -> Result<SearchResult, Pending> {
        let parts = analysis::query_parts(&request.text);
        if parts.is_empty() || request.size == 0 {
            return Ok(SearchResult::empty(request.target, parts));
        }
        let key = ResultKey::from(request);
        let generation = self.searcher().generation().generation_id();
        match self.inner.results.get(generation, &key) {
            Some(kept) => Ok(kept),
            None => Err(Pending { parts, key }),
        }
    }

    /// Answers a search: a kept answer at once, else searched on a blocking thread, at most
    /// one search per core at a time. More at once are not faster on the cores, and each
    /// blocking thread that searches grows an allocator heap of its own.
    pub async fn search_off_thread(
        self: &Arc<Self>,
        request: SearchRequest,
    ) -> Result<SearchResult, String> {
        let pending = match self.answered(request) {
            Ok(answer) => return Ok(answer),
            Err(pending) => pending,
        };
        let turn = Arc::clone(&self.inner.searching)
            .acquire_owned()
            .await
            .map_err(|e| format!("search: {e}"))?;
        let index = Arc::clone(self);
        tokio::task::spawn_blocking(move || {
            // The turn is held until the search ends, even when the request that asked for it
            // is gone (a reader who left): the core is busy either way.
            let _turn = turn;
            index.run(pending)
        })
        .await
        .map_err(|e| format!("search: {e}"))?
    }

    /// Answers a search (blocking: call it from a blocking thread).
    pub fn search(&self, request: &SearchRequest) -> Result<SearchResult, String> {
        match self.answered(request.clone()) {
            Ok(answer) => Ok(answer),
            Err(pending) => self.run(pending),
        }
    }

    /// Runs a search that was not answered at once.
    fn run(&self, Pending { parts, key }: Pending) -> Result<SearchResult, String> {
        let searcher = self.searcher();
        let generation = searcher.generation().generation_id();
        // The same search may have been answered while this one waited for its turn.
        if let Some(kept) = self.inner.results.get(generation, &key) {
            return Ok(kept);
        }
        let request = &key;
        let fields = &self.inner.fields;
        let mut query = self.build_query(&parts, request.target, request.category);
        if request.sort == Sort::Relevance {
            query = self.with_phrase(query, &parts);
        }
        let window = TopDocs::with_limit(request.size).and_offset(request.offset);
        let id = || (SortByStaticFastValue::<u64>::for_field("id"), Order::Desc);
        let published = || {
            (
                SortByStaticFastValue::<i64>::for_field("published"),
                Order::Desc,
            )
        };
        let error = tantivy_error("search");
        let (total, addresses): (usize, Vec<DocAddress>) = match (request.target, request.sort) {
            (Target::Contents, Sort::Popular) => {
                let (total, top) = searcher
                    .search(
                        &query,
                        &(
                            Count,
                            window.order_by((
                                (
                                    SortByStaticFastValue::<f64>::for_field("popular_score"),
                                    Order::Desc,
                                ),
                                id(),
                            )),
                        ),
                    )
                    .map_err(&error)?;
                (total, top.into_iter().map(|(_, a)| a).collect())
            }
            (Target::Businesses, Sort::Popular) => {
                let (total, top) = searcher
                    .search(
                        &query,
                        &(
                            Count,
                            window.order_by((
                                (
                                    SortByStaticFastValue::<u64>::for_field("follower_count"),
                                    Order::Desc,
                                ),
                                id(),
                            )),
                        ),
                    )
                    .map_err(&error)?;
                (total, top.into_iter().map(|(_, a)| a).collect())
            }
            (_, Sort::Latest) => {
                let (total, top) = searcher
                    .search(&query, &(Count, window.order_by((published(), id()))))
                    .map_err(&error)?;
                (total, top.into_iter().map(|(_, a)| a).collect())
            }
            (_, Sort::Relevance) => {
                let (total, top) = searcher
                    .search(
                        &query,
                        &(
                            Count,
                            window.order_by(((SortBySimilarityScore, Order::Desc), id())),
                        ),
                    )
                    .map_err(&error)?;
                (total, top.into_iter().map(|(_, a)| a).collect())
            }
        };
        let mut documents = Vec::with_capacity(addresses.len());
        for address in addresses {
            let doc: tantivy::TantivyDocument = searcher.doc(address).map_err(&error)?;
            documents.push(doc);
        }
        let text = |doc: &tantivy::TantivyDocument, field| {
            doc.get_first(field)
                .and_then(|v| v.as_str())
                .unwrap_or_default()
                .to_string()
        };
        let number = |doc: &tantivy::TantivyDocument, field| {
            doc.get_first(field).and_then(|v| v.as_u64()).unwrap_or(0) as i64
        };
        let hits = match request.target {
            Target::Contents => Hits::Posts(
                documents
                    .iter()
                    .map(|doc| PostHit {
                        id: number(doc, fields.id),
                        title: text(doc, fields.stored_title),
                        summary: text(doc, fields.stored_summary),
                        category_id: number(doc, fields.category_id) as i16,
                        business_id: number(doc, fields.business_id),
                        business_name: text(doc, fields.stored_business),
                        published_at: doc
                            .get_first(fields.published)
                            .and_then(|v| v.as_i64())
                            .and_then(DateTime::from_timestamp_millis),
                    })
                    .collect(),
            ),
            Target::Businesses => Hits::Businesses(
                documents
                    .iter()
                    .map(|doc| BusinessHit {
                        id: number(doc, fields.id),
                        name: text(doc, fields.stored_title),
                        description: text(doc, fields.stored_summary),
                        industry: text(doc, fields.stored_industry),
                        follower_count: number(doc, fields.follower_count),
                        verified: doc
                            .get_first(fields.verified)
                            .and_then(|v| v.as_bool())
                            .unwrap_or(false),
                    })
                    .collect(),
            ),
        };
        let result = SearchResult { total, hits, parts };
        self.inner.results.keep(generation, key, result.clone());
        Ok(result)
    }

    /// Every part must match (AND); a part matches in any field, each field boosted.
    fn build_query(&self, parts: &[Part], target: Target, category: Option<i16>) -> BooleanQuery {
        let fields = &self.inner.fields;
        let kind = match target {
            Target::Contents => POST,
            Target::Businesses => BUSINESS,
        };
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = vec![(
            Occur::Must,
            Box::new(TermQuery::new(
                Term::from_field_text(fields.kind, kind),
                IndexRecordOption::Basic,
            )),
        )];
        if let Some(category) = category {
            clauses.push((
                Occur::Must,
                Box::new(TermQuery::new(
                    Term::from_field_u64(fields.category_id, category.max(0) as u64),
                    IndexRecordOption::Basic,
                )),
            ));
        }
        for part in parts {
            let mut any_field: Vec<(Occur, Box<dyn Query>)> = Vec::new();
            for analysed in fields.all_analysed() {
                let query: Box<dyn Query> = match part {
                    Part::Word(word) => Box::new(TermQuery::new(
                        Term::from_field_text(analysed.words, word),
                        IndexRecordOption::WithFreqs,
                    )),
                    Part::Grams { text, .. } => {
                        let grams = analysis::bigrams(text);
                        match grams.len() {
                            0 => Box::new(TermQuery::new(
                                Term::from_field_text(analysed.unigrams, text),
                                IndexRecordOption::WithFreqs,
                            )),
                            1 => Box::new(TermQuery::new(
                                Term::from_field_text(analysed.bigrams, &grams[0]),
                                IndexRecordOption::WithFreqs,
                            )),
                            _ => Box::new(PhraseQuery::new(
                                grams
                                    .iter()
                                    .map(|g| Term::from_field_text(analysed.bigrams, g))
                                    .collect(),
                            )),
                        }
                    }
                };
                any_field.push((
                    Occur::Should,
                    Box::new(BoostQuery::new(query, analysed.boost)),
                ));
            }
            clauses.push((Occur::Must, Box::new(BooleanQuery::new(any_field))));
        }
        BooleanQuery::new(clauses)
    }

    /// `query` with the parts as one phrase added as an optional clause, so that for a query
    /// of several words the posts holding them together, in order, score above those holding
    /// them apart (relevance only: the other sorts do not score). Korean parts make one run of
    /// pairs (디지털 마케팅 and 디지털마케팅 alike); other words a phrase of words; a query
    /// mixing both has none.
    fn with_phrase(&self, query: BooleanQuery, parts: &[Part]) -> BooleanQuery {
        if parts.len() < 2 {
            return query;
        }
        let fields = &self.inner.fields;
        let phrase: Option<Vec<(bool, String)>> =
            if parts.iter().all(|part| matches!(part, Part::Grams { .. })) {
                let joined: String = parts
                    .iter()
                    .filter_map(|part| match part {
                        Part::Grams { text, .. } => Some(text.as_str()),
                        Part::Word(_) => None,
                    })
                    .collect();
                Some(
                    analysis::bigrams(&joined)
                        .into_iter()
                        .map(|gram| (true, gram))
                        .collect(),
                )
            } else if parts.iter().all(|part| matches!(part, Part::Word(_))) {
                Some(
                    parts
                        .iter()
                        .filter_map(|part| match part {
                            Part::Word(word) => Some((false, word.clone())),
                            Part::Grams { .. } => None,
                        })
                        .collect(),
                )
            } else {
                None
            };
        let Some(phrase) = phrase.filter(|terms| terms.len() >= 2) else {
            return query;
        };
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = vec![(Occur::Must, Box::new(query))];
        for analysed in fields.all_analysed() {
            let terms = phrase
                .iter()
                .map(|(gram, text)| {
                    let field = if *gram {
                        analysed.bigrams
                    } else {
                        analysed.words
                    };
                    Term::from_field_text(field, text)
                })
                .collect();
            clauses.push((
                Occur::Should,
                Box::new(BoostQuery::new(
                    Box::new(PhraseQuery::new(terms)),
                    analysed.boost * PHRASE_BOOST,
                )),
            ));
        }
        BooleanQuery::new(clauses)
    }

    /// Tags carried by posts that have `keyword` as a tag or match it, most frequent first
    /// (the keyword itself left out). Blocking.
    pub fn tags_near(&self, keyword: &str, limit: usize) -> Result<Vec<(String, usize)>, String> {
        let fields = &self.inner.fields;
        let searcher = self.searcher();
        let error = tantivy_error("related tags");
        let lowered = keyword.trim().trim_start_matches('#').to_lowercase();
        let tagged = TermQuery::new(
            Term::from_field_text(fields.tag_exact, &lowered),
            IndexRecordOption::Basic,
        );
        let mut addresses: Vec<DocAddress> = searcher
            .search(&tagged, &TopDocs::with_limit(200).order_by_score())
            .map_err(&error)?
            .into_iter()
            .map(|(_, a)| a)
            .collect();
        let parts = analysis::query_parts(keyword);
        if !parts.is_empty() {
            let matching = self.build_query(&parts, Target::Contents, None);
            let top = searcher
                .search(
                    &matching,
                    &TopDocs::with_limit(100).order_by((
                        SortByStaticFastValue::<f64>::for_field("popular_score"),
                        Order::Desc,
                    )),
                )
                .map_err(&error)?;
            addresses.extend(top.into_iter().map(|(_, a)| a));
        }
        addresses.sort();
        addresses.dedup();
        let folded_keyword = analysis::fold(&lowered);
        let mut counts: HashMap<String, usize> = HashMap::new();
        for address in addresses {
            let doc: tantivy::TantivyDocument = searcher.doc(address).map_err(&error)?;
            for tag in doc.get_all(fields.stored_tags).filter_map(|v| v.as_str()) {
                if analysis::fold(tag) != folded_keyword {
                    *counts.entry(tag.to_string()).or_default() += 1;
                }
            }
        }
        let mut ranked: Vec<(String, usize)> = counts.into_iter().collect();
        ranked.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        ranked.truncate(limit);
        Ok(ranked)
    }

    /// Typing suggestions from the content (not queries); blocking but quick.
    pub fn suggest_content(&self, typed: &str, per_kind: usize) -> Vec<suggest::Entry> {
        match self.inner.suggestions.read() {
            Ok(suggestions) => suggestions
                .table
                .lookup(typed, per_kind)
                .into_iter()
                .cloned()
                .collect(),
            Err(_) => Vec::new(),
        }
    }
}
