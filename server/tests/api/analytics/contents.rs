//! The contents report: sorted, paged by cursor, and exported as CSV with formulas
//! neutralised.

use super::*;

#[tokio::test]
async fn contents_are_sorted_paged_and_exported_as_csv() {
    on_each_database(|app: TestApp| async move {
        let f = fixture(&app).await;
        traffic(&app, &f).await;
        roll_up(&app.state.db, &recent_days(Utc::now()))
            .await
            .unwrap();
        let master = app.signed_in("master@tidemark.test").await;
        let base = format!("/api/v1/businesses/{}/analytics/contents", f.business);
        contents_are_sorted_by_views_clicks_or_publication(&app, &master, &f, &base).await;
        contents_page_by_cursor_and_refuse_bad_parameters(&app, &master, &f, &base).await;
        the_csv_has_every_row_with_formulas_neutralised(&app, &master, &f, &base).await;
    })
    .await;
}

async fn contents_are_sorted_by_views_clicks_or_publication(
    app: &TestApp,
    master: &reqwest::Client,
    f: &Fixture,
    base: &str,
) {
    let (status, page) = get_as(app, master, &format!("{base}?period=7")).await;
    assert_eq!(status, 200, "{page}");
    let items = page["data"]["items"].as_array().unwrap();
    let order: Vec<i64> = items
        .iter()
        .map(|i| i["postSeq"].as_i64().unwrap())
        .collect();
    // By views, most first; ties newest first; the draft is not listed.
    assert_eq!(order, vec![f.first, f.evil, f.second]);
    assert_eq!(
        (
            items[0]["views"].as_i64(),
            items[0]["uniqueReaders"].as_i64(),
            items[0]["shares"].as_i64(),
            items[0]["readThroughs"].as_i64()
        ),
        (Some(3), Some(3), Some(1), Some(1))
    );
    assert!(page["data"]["nextCursor"].is_null());

    let (_, by_clicks) = get_as(app, master, &format!("{base}?sort=clicks")).await;
    assert_eq!(by_clicks["data"]["items"][0]["postSeq"], f.second);
    let (_, oldest) = get_as(app, master, &format!("{base}?sort=publishedAt&order=asc")).await;
    assert_eq!(oldest["data"]["items"][0]["postSeq"], f.first);
}

async fn contents_page_by_cursor_and_refuse_bad_parameters(
    app: &TestApp,
    master: &reqwest::Client,
    f: &Fixture,
    base: &str,
) {
    let (_, first_page) = get_as(app, master, &format!("{base}?size=2")).await;
    assert_eq!(first_page["data"]["items"].as_array().unwrap().len(), 2);
    let cursor = first_page["data"]["nextCursor"]
        .as_str()
        .unwrap()
        .to_string();
    let (_, second_page) = get_as(app, master, &format!("{base}?size=2&cursor={cursor}")).await;
    assert_eq!(second_page["data"]["items"][0]["postSeq"], f.second);
    assert!(second_page["data"]["nextCursor"].is_null());
    for bad in [
        "sort=likes",
        "order=up",
        "size=0",
        "size=51",
        "cursor=@@",
        "period=365",
    ] {
        let (status, _) = get_as(app, master, &format!("{base}?{bad}")).await;
        assert_eq!(status, 400, "{bad}");
    }
}

/// The CSV: BOM, CRLF line ends, header, every row, formulas neutralised.
async fn the_csv_has_every_row_with_formulas_neutralised(
    app: &TestApp,
    master: &reqwest::Client,
    f: &Fixture,
    base: &str,
) {
    let response = master
        .get(app.url(&format!("{base}.csv?period=7")))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let disposition = response.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(disposition.starts_with("attachment;"), "{disposition}");
    assert!(response.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/csv"));
    let bytes = response.bytes().await.unwrap();
    assert_eq!(&bytes[..3], b"\xEF\xBB\xBF", "UTF-8 byte order mark");
    let text = String::from_utf8(bytes[3..].to_vec()).unwrap();
    // Excel on Windows ends lines with CRLF: every line break is one.
    assert!(text.ends_with("\r\n"), "CRLF line ends");
    assert_eq!(
        text.matches('\n').count(),
        text.matches("\r\n").count(),
        "no bare LF: {text:?}"
    );
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_string)
        .collect();
    assert_eq!(header[..2], ["번호".to_string(), "제목".to_string()]);
    assert_eq!(header.len(), 16);
    assert_eq!(
        header[10..],
        [
            "알림 받은 팔로워(사이트)",
            "알림 메일",
            "알림으로 연 회원(사이트)",
            "메일 링크로 연 회원",
            "알림 받은 팔로워(브라우저)",
            "브라우저 알림으로 연 회원"
        ]
    );
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), 3);
    assert_eq!(&rows[0][1], "타이드마크 출시 보도자료");
    assert_eq!(&rows[0][4], "3");
    let evil = rows.iter().find(|r| r[0] == f.evil.to_string()).unwrap();
    assert_eq!(&evil[1], format!("'{EVIL_TITLE}"));
}
