//! The words of a large set's post: a title, a summary and a body of a few sections, in
//! Korean or English, filled in from the templates of the word tables.

use super::dice::Dice;
use super::texts::{
    HEADS_EN, HEADS_KO, ITEMS_EN, ITEMS_KO, KINDS, LEADS_EN, LEADS_KO, SENTENCES_EN, SENTENCES_KO,
    SUMMARIES_EN, SUMMARIES_KO, TOPICS,
};

/// A post's words.
pub(super) struct PostText {
    pub(super) title: String,
    pub(super) summary: String,
    pub(super) body_html: String,
    pub(super) body_text: String,
}

/// Builds HTML and its text (what `content::sanitize::text_of` would give) side by side.
#[derive(Default)]
struct Body {
    html: String,
    text: Vec<String>,
}

impl Body {
    fn block(&mut self, tag: &str, text: &str) {
        self.html.push_str(&format!("<{tag}>{text}</{tag}>"));
        self.text.push(text.to_string());
    }

    fn list(&mut self, items: &[String]) {
        self.html.push_str("<ul>");
        for item in items {
            self.html.push_str(&format!("<li>{item}</li>"));
            self.text.push(item.clone());
        }
        self.html.push_str("</ul>");
    }

    fn finish(self) -> (String, String) {
        (self.html, self.text.join(" "))
    }
}

fn fill(template: &str, topic: &str, other: &str, kind: &str, dice: &mut Dice) -> String {
    template
        .replace("{t}", topic)
        .replace("{u}", other)
        .replace("{k}", kind)
        .replace("{n}", &(3 + dice.below(60)).to_string())
        .replace("{y}", &(2024 + dice.below(3)).to_string())
}

pub(super) fn korean_post(dice: &mut Dice, topic: usize) -> PostText {
    let t = TOPICS[topic].0;
    let other = TOPICS[dice.below(TOPICS.len())].0;
    let kind = KINDS[dice.below(KINDS.len())].0;
    let mut title = String::new();
    if dice.chance(0.6) {
        title.push_str(dice.pick(&LEADS_KO));
        title.push(' ');
    }
    if dice.chance(0.15) && other != t {
        title.push_str(&format!("{t}·{other} {kind}"));
    } else {
        title.push_str(&format!("{t} {kind}"));
    }
    if dice.chance(0.5) {
        title.push_str(&format!(" {}", 1 + dice.below(99)));
    }
    let summary = format!(
        "{t} {kind}: {}",
        fill(dice.pick(&SUMMARIES_KO), t, other, kind, dice)
    );
    let mut body = Body::default();
    let sections = 2 + dice.below(2);
    for section in 0..sections {
        body.block("h2", &fill(dice.pick(&HEADS_KO), t, other, kind, dice));
        let sentences: Vec<String> = (0..2 + dice.below(2))
            .map(|_| fill(dice.pick(&SENTENCES_KO), t, other, kind, dice))
            .collect();
        body.block("p", &sentences.join(" "));
        if section == 0 {
            let first = dice.below(ITEMS_KO.len());
            let items: Vec<String> = (0..3)
                .map(|step| {
                    let item = ITEMS_KO[(first + step) % ITEMS_KO.len()];
                    fill(item, t, other, kind, dice)
                })
                .collect();
            body.list(&items);
        }
    }
    let (body_html, body_text) = body.finish();
    PostText {
        title,
        summary,
        body_html,
        body_text,
    }
}

pub(super) fn english_post(dice: &mut Dice, topic: usize) -> PostText {
    let t = TOPICS[topic].1;
    let other = TOPICS[dice.below(TOPICS.len())].1;
    let kind = KINDS[dice.below(KINDS.len())].1;
    let mut title = String::new();
    if dice.chance(0.6) {
        title.push_str(dice.pick(&LEADS_EN));
        title.push(' ');
    }
    title.push_str(&format!("{t} {kind}"));
    if dice.chance(0.5) {
        title.push_str(&format!(" {}", 1 + dice.below(99)));
    }
    let summary = format!(
        "{t} {kind}: {}",
        fill(dice.pick(&SUMMARIES_EN), t, other, kind, dice)
    );
    let mut body = Body::default();
    let sections = 2 + dice.below(2);
    for section in 0..sections {
        body.block("h2", &fill(dice.pick(&HEADS_EN), t, other, kind, dice));
        let sentences: Vec<String> = (0..2 + dice.below(2))
            .map(|_| fill(dice.pick(&SENTENCES_EN), t, other, kind, dice))
            .collect();
        body.block("p", &sentences.join(" "));
        if section == 0 {
            let first = dice.below(ITEMS_EN.len());
            let items: Vec<String> = (0..3)
                .map(|step| {
                    let item = ITEMS_EN[(first + step) % ITEMS_EN.len()];
                    fill(item, t, other, kind, dice)
                })
                .collect();
            body.list(&items);
        }
    }
    let (body_html, body_text) = body.finish();
    PostText {
        title,
        summary,
        body_html,
        body_text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::seed::large::dice::SEED;

    #[test]
    fn texts_fit_the_columns() {
        let mut dice = Dice(SEED);
        for topic in 0..TOPICS.len() {
            for post in [
                korean_post(&mut dice, topic),
                english_post(&mut dice, topic),
            ] {
                assert!(post.title.chars().count() <= 100, "{}", post.title);
                assert!(post.summary.chars().count() <= 300, "{}", post.summary);
                assert!(post.body_html.starts_with("<h2>"));
                assert!(!post.body_text.contains('<'));
            }
        }
    }
}
