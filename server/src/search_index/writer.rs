//! The writer's side of the search index: the committer thread that batches and commits the
//! changes, and the adding, replacing and removing of documents (with their suggestions).

use super::fields::{BusinessDoc, Fields, PostDoc, BUSINESS, POST};
use super::suggest::PostSuggestion;
use super::{poisoned, tantivy_error, Inner, TaggedPost, COMMIT_DELAY};
use std::sync::atomic::Ordering as AtomicOrdering;
use std::sync::Arc;
use tantivy::collector::TopDocs;
use tantivy::indexer::{LogMergePolicy, MergePolicy, NoMergePolicy};
use tantivy::query::TermQuery;
use tantivy::schema::{IndexRecordOption, Value};
use tantivy::Term;

impl Inner {
    pub(super) fn run_committer(self: Arc<Self>, woken: std::sync::mpsc::Receiver<()>) {
        while woken.recv().is_ok() {
            std::thread::sleep(COMMIT_DELAY);
            while woken.try_recv().is_ok() {}
            if let Err(error) = self.commit_between_rebuilds() {
                tracing::error!(%error, "search index: commit failed");
            }
        }
    }

    /// Every document of both kinds goes at the next commit: what a rebuild starts with. A
    /// delete by term takes only what was added before it, so the documents the rebuild adds
    /// next stay; tantivy's `delete_all_documents` drops the writer's segments whatever comes
    /// after, and a rebuild that used it lost its documents at a later commit (the whole index
    /// empty about a minute after an operator's rebuild).
    pub(super) fn clear(&self) -> Result<(), String> {
        let writer = self.writer.lock().map_err(poisoned)?;
        for kind in [POST, BUSINESS] {
            writer.delete_term(Term::from_field_text(self.fields.kind, kind));
        }
        Ok(())
    }

    pub(super) fn commit(&self) -> Result<(), String> {
        self.commit_if(|| true).map(|_| ())
    }

    /// The committer's commit: none while a rebuild runs (it commits at its end; a commit now
    /// would show a half-built index). The flag is read under the writer's lock, which the
    /// rebuild takes to clear the index after setting it, so no commit falls in between.
    fn commit_between_rebuilds(&self) -> Result<bool, String> {
        self.commit_if(|| !self.rebuilding.load(AtomicOrdering::SeqCst))
    }

    /// Commits when `now()` says so under the writer's lock; true when it did.
    fn commit_if(&self, now: impl Fn() -> bool) -> Result<bool, String> {
        let target = {
            let mut writer = self.writer.lock().map_err(poisoned)?;
            if !now() {
                return Ok(false);
            }
            let target = self.queued.load(AtomicOrdering::SeqCst);
            writer.commit().map_err(tantivy_error("commit"))?;
            target
        };
        self.reader.reload().map_err(tantivy_error("reload"))?;
        self.visible.send_if_modified(|visible| {
            let newer = target > *visible;
            if newer {
                *visible = target;
            }
            newer
        });
        // Changes handed over during the commit wait for the next one, from now.
        let rest = if self.queued.load(AtomicOrdering::SeqCst) > target {
            now_ms()
        } else {
            0
        };
        self.pending_since.store(rest, AtomicOrdering::SeqCst);
        Ok(true)
    }

    /// One more change handed to the writer.
    fn note_queued(&self) {
        self.queued.fetch_add(1, AtomicOrdering::SeqCst);
        let _ = self.pending_since.compare_exchange(
            0,
            now_ms(),
            AtomicOrdering::SeqCst,
            AtomicOrdering::SeqCst,
        );
    }

    /// Changes handed over that searches do not see yet, and how long the oldest has waited.
    pub(super) fn lag(&self) -> (u64, std::time::Duration) {
        let queued = self.queued.load(AtomicOrdering::SeqCst);
        let visible = *self.visible.borrow();
        let since = self.pending_since.load(AtomicOrdering::SeqCst);
        let waited = if queued > visible && since > 0 {
            std::time::Duration::from_millis(now_ms().saturating_sub(since))
        } else {
            std::time::Duration::ZERO
        };
        (queued.saturating_sub(visible), waited)
    }

    /// Commits, then merges every segment into one and shows it to searches: what a rebuild
    /// ends with. A rebuild writes a segment each time the writer's memory fills (eight at
    /// 100,000 posts), and a search reads each term's postings and positions from every
    /// segment; in one segment they lie together, and the 30 searches of the readers'
    /// benchmark brought 27 MB of the index's files into the process instead of 46 MB
    /// (docs/performance-journal.md, eighteenth step). The merge policy waits meanwhile, so the
    /// segments are not in another merge when this one starts; merging 100,000 posts takes
    /// about a second.
    pub(super) fn commit_as_one_segment(&self) -> Result<(), String> {
        self.set_merge_policy(Box::new(NoMergePolicy));
        let committed = self.commit();
        if committed.is_ok() {
            if let Err(error) = self.merge_segments() {
                // Searches are as right over many segments, only slower and larger.
                tracing::warn!(%error, "search index: segments not merged into one");
            }
        }
        self.set_merge_policy(Box::new(LogMergePolicy::default()));
        committed
    }

    /// Merges every searchable segment into one and shows the result to searches.
    fn merge_segments(&self) -> Result<(), String> {
        let merging = {
            let mut writer = self.writer.lock().map_err(poisoned)?;
            let segments = writer
                .index()
                .searchable_segment_ids()
                .map_err(tantivy_error("segments"))?;
            if segments.len() < 2 {
                return Ok(());
            }
            writer.merge(&segments)
        };
        merging.wait().map_err(tantivy_error("merge"))?;
        self.reader.reload().map_err(tantivy_error("reload"))
    }

    fn set_merge_policy(&self, policy: Box<dyn MergePolicy>) {
        if let Ok(writer) = self.writer.lock() {
            writer.set_merge_policy(policy);
        }
    }

    pub(super) fn add_post(&self, post: &PostDoc) -> Result<(), String> {
        let writer = self.writer.lock().map_err(poisoned)?;
        writer.delete_term(Fields::key_term(POST, post.id, self.fields.key));
        writer
            .add_document(self.fields.post_document(post))
            .map_err(tantivy_error("add"))?;
        self.note_queued();
        Ok(())
    }

    pub(super) fn add_business(&self, business: &BusinessDoc) -> Result<(), String> {
        let writer = self.writer.lock().map_err(poisoned)?;
        writer.delete_term(Fields::key_term(BUSINESS, business.id, self.fields.key));
        writer
            .add_document(self.fields.business_document(business))
            .map_err(tantivy_error("add"))?;
        self.note_queued();
        Ok(())
    }

    pub(super) fn apply_post(&self, id: i64, document: Option<TaggedPost>) -> Result<(), String> {
        match document {
            Some((post, tags)) => {
                self.add_post(&post)?;
                self.suggestions
                    .write()
                    .map_err(poisoned)?
                    .set_post(PostSuggestion {
                        id: post.id,
                        title: post.title,
                        popular_score: post.popular_score,
                        tags,
                    });
            }
            None => {
                {
                    let writer = self.writer.lock().map_err(poisoned)?;
                    writer.delete_term(Fields::key_term(POST, id, self.fields.key));
                    self.note_queued();
                }
                self.suggestions.write().map_err(poisoned)?.remove_post(id);
            }
        }
        Ok(())
    }

    pub(super) fn apply_business(&self, business: BusinessDoc) -> Result<(), String> {
        self.add_business(&business)?;
        self.suggestions.write().map_err(poisoned)?.set_business(
            business.id,
            &business.name,
            business.follower_count,
        );
        Ok(())
    }

    pub(super) fn remove_business(&self, id: i64) -> Result<(), String> {
        // Its posts: found by the business id they carry.
        let searcher = self.reader.searcher();
        let query = TermQuery::new(
            Term::from_field_u64(self.fields.business_id, id as u64),
            IndexRecordOption::Basic,
        );
        let posts: Vec<i64> = searcher
            .search(&query, &TopDocs::with_limit(100_000).order_by_score())
            .map_err(tantivy_error("business posts"))?
            .into_iter()
            .filter_map(|(_, address)| {
                let doc: tantivy::TantivyDocument = searcher.doc(address).ok()?;
                doc.get_first(self.fields.id).and_then(|v| v.as_u64())
            })
            .map(|id| id as i64)
            .collect();
        {
            let writer = self.writer.lock().map_err(poisoned)?;
            writer.delete_term(Fields::key_term(BUSINESS, id, self.fields.key));
            writer.delete_term(Term::from_field_u64(self.fields.business_id, id as u64));
            self.note_queued();
        }
        let mut suggestions = self.suggestions.write().map_err(poisoned)?;
        suggestions.remove_business(id);
        for post in posts {
            suggestions.remove_post(post);
        }
        Ok(())
    }
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_millis() as u64)
}

#[cfg(test)]
mod tests {
    use super::super::fields::PostDoc;
    use super::super::query::{Hits, SearchRequest, Sort, Target};
    use super::super::SearchIndex;

    fn post(id: i64) -> PostDoc {
        PostDoc {
            id,
            business_id: 1,
            category_id: 1,
            title: format!("클라우드 비용 절감 사례 {id}"),
            summary: "데이터 분석으로 줄인 비용".into(),
            body: "한국어 본문과 기업 소식, 채용 인사이트.".repeat(20),
            business_name: "그로스랩".into(),
            tags: vec!["클라우드".into()],
            category_names: "인사이트 insight".into(),
            popular_score: id as f64,
            published_millis: 1_700_000_000_000 + id,
        }
    }

    fn found(index: &SearchIndex) -> (usize, Vec<i64>) {
        let result = index
            .search(&SearchRequest {
                text: "클라우드 비용".into(),
                target: Target::Contents,
                sort: Sort::Popular,
                offset: 0,
                size: 50,
                category: None,
            })
            .unwrap();
        let Hits::Posts(hits) = result.hits else {
            panic!("a search of contents finds posts")
        };
        (result.total, hits.iter().map(|hit| hit.id).collect())
    }

    fn fresh_index() -> (tempfile::TempDir, SearchIndex) {
        let data = tempfile::tempdir().unwrap();
        let dir = data.path().to_string_lossy().into_owned();
        let settings = crate::settings::Settings::from_lookup(|name| {
            (name == crate::settings::DATA_DIR.name).then(|| dir.clone())
        })
        .unwrap();
        let index = SearchIndex::open(&settings).unwrap();
        (data, index)
    }

    /// A rebuild clears, adds everything again and commits; later commits keep what it added
    /// (tantivy's delete-all dropped it at a later commit: an empty index after a rebuild).
    #[test]
    fn what_a_rebuild_adds_after_clearing_survives_the_commits_that_follow() {
        let (_data, index) = fresh_index();
        for id in 1..=5 {
            index.inner.add_post(&post(id)).unwrap();
        }
        index.inner.commit().unwrap();
        assert_eq!(found(&index).0, 5);

        index.inner.clear().unwrap();
        for id in 1..=3 {
            index.inner.add_post(&post(id)).unwrap();
        }
        index.inner.commit_as_one_segment().unwrap();
        assert_eq!(found(&index), (3, vec![3, 2, 1]), "each post once");
        // A change and two more commits, as the committer makes them.
        index.inner.add_post(&post(4)).unwrap();
        index.inner.commit().unwrap();
        index.inner.commit().unwrap();
        assert_eq!(found(&index), (4, vec![4, 3, 2, 1]));
    }

    /// The committer makes no commit while a rebuild runs: it would show a half-built index.
    #[test]
    fn the_committer_does_not_commit_during_a_rebuild() {
        let (_data, index) = fresh_index();
        index.inner.add_post(&post(1)).unwrap();
        index
            .inner
            .rebuilding
            .store(true, std::sync::atomic::Ordering::SeqCst);
        assert!(!index.inner.commit_between_rebuilds().unwrap());
        assert_eq!(found(&index).0, 0);
        index
            .inner
            .rebuilding
            .store(false, std::sync::atomic::Ordering::SeqCst);
        assert!(index.inner.commit_between_rebuilds().unwrap());
        assert_eq!(found(&index).0, 1);
    }

    #[test]
    fn a_commit_as_one_segment_merges_what_earlier_commits_left_and_finds_the_same() {
        let (_data, index) = fresh_index();
        // Five commits of six posts each: five segments, fewer than the merge policy joins.
        for batch in 0..5 {
            for id in 1..=6 {
                index.inner.add_post(&post(batch * 6 + id)).unwrap();
            }
            index.inner.commit().unwrap();
        }
        assert_eq!(index.segments(), 5);
        let before = found(&index);
        assert_eq!(before.0, 30);

        index.inner.add_post(&post(31)).unwrap();
        index.inner.commit_as_one_segment().unwrap();
        assert_eq!(index.segments(), 1);
        let after = found(&index);
        assert_eq!(after.0, 31);
        assert_eq!(after.1[0], 31, "the most popular first");
        assert_eq!(&after.1[1..], &before.1[..]);
    }
}
