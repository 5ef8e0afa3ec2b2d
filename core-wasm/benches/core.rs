//! Benchmarks of the core's hot functions. Add a `bench_…(c: &mut Criterion)` function and
//! list it in `criterion_group!` below.
//!
//! Run: `cargo bench -p tidemark-core --bench core`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tidemark_core::device::detect_device;
use tidemark_core::strip::strip_scripts;

// The bench reads only the agents of the labelled cases.
#[allow(dead_code)]
#[path = "../tests/support/uap.rs"]
mod uap;

/// Every user agent string of uap-core's browser and OS cases: real agents of every shape,
/// from short SDK strings to long in-app browser ones.
fn uap_agents() -> Vec<String> {
    ["test_ua.yaml", "test_os.yaml"]
        .iter()
        .flat_map(|file| uap::load_cases(file))
        .map(|case| case.ua)
        .collect()
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

/// About 50 KB of what a post's text field may hold: Korean and English prose with markup,
/// and every few paragraphs a script or iframe to cut, some split across tags.
fn text_of_50_kb() -> String {
    let paragraphs = [
        "<p>디지털마케팅을 시작하는 기업을 위한 <b>콘텐츠 전략</b>: 독자가 찾는 글은 검색에서 시작됩니다.</p>\n",
        "<p>Tidemark helps businesses publish insights & success stories; readers follow, bookmark and search.</p>\n",
        "<script type=\"text/javascript\">window.track && track('x');</script>\n",
        "<figure><img src=\"/media/cover.webp\" alt=\"표지\"><figcaption>2026년 채용 설명회</figcaption></figure>\n",
        "<IFRAME src=\"//video.example/embed/1\" allowfullscreen></IFRAME>\n",
        "<p>a < b && c > d, 그리고 <scr<script></script>ipt>alert(1)</script> 같은 눈속임.</p>\n",
    ];
    let mut text = String::with_capacity(51_000);
    let mut i = 0;
    while text.len() < 50_000 {
        text.push_str(paragraphs[i % paragraphs.len()]);
        i += 1;
    }
    text
}

fn bench_strip_scripts(c: &mut Criterion) {
    let text = text_of_50_kb();
    let mut group = c.benchmark_group("stripScripts");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function(format!("{} KB text", text.len() / 1000), |b| {
        b.iter(|| strip_scripts(black_box(&text)))
    });
    group.finish();
}

criterion_group!(benches, bench_detect_device, bench_strip_scripts);
criterion_main!(benches);
