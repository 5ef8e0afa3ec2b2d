//! uap-core's labelled user agents (tests/data/uap-core, see tests/data/README.md), for the
//! device-detection measurement and the benchmark alike. Included with `#[path]`.

use std::path::PathBuf;

use yaml_rust2::{Yaml, YamlLoader};

/// One labelled case: the agent, uap's family and, when labelled, its major version.
pub struct Case {
    pub ua: String,
    pub family: String,
    pub major: Option<String>,
}

pub fn uap_path(file: &str) -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/data/uap-core"
    ))
    .join(file)
}

/// A scalar field as text; `None` when empty (`major:` with no value).
fn text(field: &Yaml) -> Option<String> {
    match field {
        Yaml::String(s) | Yaml::Real(s) => Some(s.clone()),
        Yaml::Integer(i) => Some(i.to_string()),
        _ => None,
    }
}

pub fn load_cases(file: &str) -> Vec<Case> {
    let path = uap_path(file);
    let source = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let docs = YamlLoader::load_from_str(&source).expect("uap-core YAML parses");
    let cases = docs[0]["test_cases"].as_vec().expect("a test_cases list");
    cases
        .iter()
        .map(|c| Case {
            ua: text(&c["user_agent_string"]).unwrap_or_default(),
            family: text(&c["family"]).unwrap_or_default(),
            major: text(&c["major"]),
        })
        .collect()
}
