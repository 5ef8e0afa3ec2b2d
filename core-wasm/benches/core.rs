//! Benchmarks of the core's hot functions. Add a `bench_…(c: &mut Criterion)` function and
//! list it in `criterion_group!` below.
//!
//! Run: `cargo bench -p tidemark-core --bench core`.

use std::hint::black_box;
use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tidemark_core::device::detect_device;
use yaml_rust2::YamlLoader;

/// uap-core's labelled test data, in the shared folder next to the repository or in
/// `$TIDEMARK_SHARED`.
fn uap_path(file: &str) -> PathBuf {
    match std::env::var_os("TIDEMARK_SHARED") {
        Some(shared) => PathBuf::from(shared).join("testdata/uap-core").join(file),
        None => PathBuf::from(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../shared/testdata/uap-core"
        ))
        .join(file),
    }
}

/// Every user agent string of uap-core's browser and OS cases: real agents of every shape,
/// from short SDK strings to long in-app browser ones.
fn uap_agents() -> Vec<String> {
    let mut agents = Vec::new();
    for file in ["test_ua.yaml", "test_os.yaml"] {
        let path = uap_path(file);
        let source = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let docs = YamlLoader::load_from_str(&source).expect("uap-core YAML parses");
        let cases = docs[0]["test_cases"].as_vec().expect("a test_cases list");
        agents.extend(
            cases
                .iter()
                .filter_map(|c| c["user_agent_string"].as_str().map(str::to_owned)),
        );
    }
    agents
}

fn bench_detect_device(c: &mut Criterion) {
    let agents = uap_agents();
    let mut group = c.benchmark_group("detectDevice");

    // One call per iteration, cycling through the agents: criterion's time is the time per call.
    group.throughput(Throughput::Elements(1));
    group.bench_function("per call", |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % agents.len();
            detect_device(black_box(&agents[i]))
        })
    });

    // All agents per iteration: the throughput line reads as calls per second.
    group.throughput(Throughput::Elements(agents.len() as u64));
    group.bench_function(format!("all {} uap-core agents", agents.len()), |b| {
        b.iter(|| {
            for ua in &agents {
                black_box(detect_device(black_box(ua)));
            }
        })
    });

    group.finish();
}

criterion_group!(benches, bench_detect_device);
criterion_main!(benches);
