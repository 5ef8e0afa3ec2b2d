//! The writer's side of the search index: the committer thread that batches and commits the
//! changes, and the adding, replacing and removing of documents (with their suggestions).

use super::fields::{BusinessDoc, Fields, PostDoc, BUSINESS, POST};
use super::suggest::PostSuggestion;
use super::{poisoned, tantivy_error, Inner, TaggedPost, COMMIT_DELAY};
use std::sync::atomic::Ordering as AtomicOrdering;
use std::sync::Arc;
use tantivy::collector::TopDocs;
use tantivy::query::TermQuery;
use tantivy::schema::{IndexRecordOption, Value};
use tantivy::Term;

impl Inner {
    pub(super) fn run_committer(self: Arc<Self>, woken: std::sync::mpsc::Receiver<()>) {
        while woken.recv().is_ok() {
            std::thread::sleep(COMMIT_DELAY);
            while woken.try_recv().is_ok() {}
            if self.rebuilding.load(AtomicOrdering::SeqCst) {
                // The rebuild commits at its end; a commit now would show a half-built index.
                continue;
            }
            if let Err(error) = self.commit() {
                tracing::error!(%error, "search index: commit failed");
            }
        }
    }

    pub(super) fn commit(&self) -> Result<(), String> {
        let target = {
            let mut writer = self.writer.lock().map_err(poisoned)?;
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
        Ok(())
    }

    pub(super) fn add_post(&self, post: &PostDoc) -> Result<(), String> {
        let writer = self.writer.lock().map_err(poisoned)?;
        writer.delete_term(Fields::key_term(POST, post.id, self.fields.key));
        writer
            .add_document(self.fields.post_document(post))
            .map_err(tantivy_error("add"))?;
        self.queued.fetch_add(1, AtomicOrdering::SeqCst);
        Ok(())
    }

    pub(super) fn add_business(&self, business: &BusinessDoc) -> Result<(), String> {
        let writer = self.writer.lock().map_err(poisoned)?;
        writer.delete_term(Fields::key_term(BUSINESS, business.id, self.fields.key));
        writer
            .add_document(self.fields.business_document(business))
            .map_err(tantivy_error("add"))?;
        self.queued.fetch_add(1, AtomicOrdering::SeqCst);
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
                    self.queued.fetch_add(1, AtomicOrdering::SeqCst);
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
            self.queued.fetch_add(1, AtomicOrdering::SeqCst);
        }
        let mut suggestions = self.suggestions.write().map_err(poisoned)?;
        suggestions.remove_business(id);
        for post in posts {
            suggestions.remove_post(post);
        }
        Ok(())
    }
}
