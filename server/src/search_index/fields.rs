//! The index's schema: one index for both kinds of document (`kind` = `post` | `business`),
//! each searchable text in three fields (syllable unigrams, bigrams with positions, words),
//! the values answers show stored, and the sort keys as fast fields.

use super::analysis::{BIGRAM, UNIGRAM, WORD};
use tantivy::schema::{
    Field, IndexRecordOption, Schema, TextFieldIndexing, TextOptions, FAST, INDEXED, STORED, STRING,
};
use tantivy::{TantivyDocument, Term};

/// Bump when the schema or the analysis changes: an index of another version is rebuilt.
pub const SCHEMA_VERSION: u32 = 2;

/// A searchable text, in its three analyses.
#[derive(Clone, Copy)]
pub struct Analysed {
    pub unigrams: Field,
    pub bigrams: Field,
    pub words: Field,
    /// Title > tags > business name > summary > body.
    pub boost: f32,
}

#[derive(Clone)]
pub struct Fields {
    /// `post:<id>` or `business:<id>`: what a change deletes by.
    pub key: Field,
    pub kind: Field,
    pub id: Field,
    pub title: Analysed,
    pub tags: Analysed,
    pub business: Analysed,
    pub summary: Analysed,
    pub body: Analysed,
    pub category: Analysed,
    /// Lower-cased tag names, exactly (related keywords).
    pub tag_exact: Field,
    pub popular_score: Field,
    pub follower_count: Field,
    /// Posts: published_at; businesses: created_at (Unix milliseconds).
    pub published: Field,
    pub category_id: Field,
    pub business_id: Field,
    pub stored_title: Field,
    pub stored_summary: Field,
    pub stored_business: Field,
    pub stored_tags: Field,
    pub stored_industry: Field,
    pub verified: Field,
}

pub const POST: &str = "post";
pub const BUSINESS: &str = "business";

impl Fields {
    pub fn schema() -> (Schema, Fields) {
        let mut builder = Schema::builder();
        let indexed = |tokenizer: &str, record: IndexRecordOption| {
            TextOptions::default().set_indexing_options(
                TextFieldIndexing::default()
                    .set_tokenizer(tokenizer)
                    .set_index_option(record)
                    .set_fieldnorms(true),
            )
        };
        let mut analysed = |name: &str, boost: f32| Analysed {
            unigrams: builder.add_text_field(
                &format!("{name}_uni"),
                indexed(UNIGRAM, IndexRecordOption::WithFreqs),
            ),
            bigrams: builder.add_text_field(
                &format!("{name}_bi"),
                indexed(BIGRAM, IndexRecordOption::WithFreqsAndPositions),
            ),
            words: builder.add_text_field(
                &format!("{name}_word"),
                indexed(WORD, IndexRecordOption::WithFreqsAndPositions),
            ),
            boost,
        };
        let title = analysed("title", 8.0);
        let tags = analysed("tags", 5.0);
        let business = analysed("business", 4.0);
        let summary = analysed("summary", 2.5);
        let body = analysed("body", 1.0);
        let category = analysed("category", 2.0);
        let fields = Fields {
            key: builder.add_text_field("key", STRING),
            kind: builder.add_text_field("kind", STRING),
            id: builder.add_u64_field("id", INDEXED | FAST | STORED),
            title,
            tags,
            business,
            summary,
            body,
            category,
            tag_exact: builder.add_text_field("tag_exact", STRING),
            popular_score: builder.add_f64_field("popular_score", FAST | STORED),
            follower_count: builder.add_u64_field("follower_count", FAST | STORED),
            published: builder.add_i64_field("published", FAST | STORED),
            category_id: builder.add_u64_field("category_id", INDEXED | FAST | STORED),
            business_id: builder.add_u64_field("business_id", INDEXED | STORED),
            stored_title: builder.add_text_field("stored_title", STORED),
            stored_summary: builder.add_text_field("stored_summary", STORED),
            stored_business: builder.add_text_field("stored_business", STORED),
            stored_tags: builder.add_text_field("stored_tags", STORED),
            stored_industry: builder.add_text_field("stored_industry", STORED),
            verified: builder.add_bool_field("verified", STORED),
        };
        (builder.build(), fields)
    }

    pub fn all_analysed(&self) -> [Analysed; 6] {
        [
            self.title,
            self.tags,
            self.business,
            self.summary,
            self.body,
            self.category,
        ]
    }

    pub fn key_term(kind: &str, id: i64, field: Field) -> Term {
        Term::from_field_text(field, &format!("{kind}:{id}"))
    }

    fn add_analysed(doc: &mut TantivyDocument, fields: Analysed, text: &str) {
        if text.is_empty() {
            return;
        }
        doc.add_text(fields.unigrams, text);
        doc.add_text(fields.bigrams, text);
        doc.add_text(fields.words, text);
    }

    pub fn post_document(&self, post: &PostDoc) -> TantivyDocument {
        let mut doc = TantivyDocument::new();
        doc.add_text(self.key, format!("{POST}:{}", post.id));
        doc.add_text(self.kind, POST);
        doc.add_u64(self.id, post.id as u64);
        Self::add_analysed(&mut doc, self.title, &post.title);
        Self::add_analysed(&mut doc, self.summary, &post.summary);
        Self::add_analysed(&mut doc, self.body, &post.body);
        Self::add_analysed(&mut doc, self.business, &post.business_name);
        for tag in &post.tags {
            Self::add_analysed(&mut doc, self.tags, tag);
            doc.add_text(self.tag_exact, tag.to_lowercase());
            doc.add_text(self.stored_tags, tag);
        }
        Self::add_analysed(&mut doc, self.category, &post.category_names);
        doc.add_f64(self.popular_score, post.popular_score);
        doc.add_i64(self.published, post.published_millis);
        doc.add_u64(self.category_id, post.category_id as u64);
        doc.add_u64(self.business_id, post.business_id as u64);
        doc.add_text(self.stored_title, &post.title);
        doc.add_text(self.stored_summary, &post.summary);
        doc.add_text(self.stored_business, &post.business_name);
        doc
    }

    pub fn business_document(&self, business: &BusinessDoc) -> TantivyDocument {
        let mut doc = TantivyDocument::new();
        doc.add_text(self.key, format!("{BUSINESS}:{}", business.id));
        doc.add_text(self.kind, BUSINESS);
        doc.add_u64(self.id, business.id as u64);
        Self::add_analysed(&mut doc, self.title, &business.name);
        Self::add_analysed(&mut doc, self.summary, &business.description);
        Self::add_analysed(&mut doc, self.tags, &business.industry);
        doc.add_u64(self.follower_count, business.follower_count.max(0) as u64);
        doc.add_i64(self.published, business.created_millis);
        doc.add_text(self.stored_title, &business.name);
        doc.add_text(self.stored_summary, &business.description);
        doc.add_text(self.stored_industry, &business.industry);
        doc.add_bool(self.verified, business.verified);
        doc
    }
}

/// What the index keeps of a public post.
#[derive(Debug, Clone)]
pub struct PostDoc {
    pub id: i64,
    pub business_id: i64,
    pub category_id: i16,
    pub title: String,
    pub summary: String,
    pub body: String,
    pub business_name: String,
    pub tags: Vec<String>,
    /// Korean and English names, space-separated.
    pub category_names: String,
    pub popular_score: f64,
    pub published_millis: i64,
}

/// What the index keeps of a business.
#[derive(Debug, Clone)]
pub struct BusinessDoc {
    pub id: i64,
    pub name: String,
    pub description: String,
    pub industry: String,
    pub follower_count: i64,
    pub verified: bool,
    pub created_millis: i64,
}
