//! A business that requires two-step sign-in of its team (its master's choice, in the console):
//! the master must have it first and confirm it is them; while the rule holds, a manager without
//! it is refused every call in the business's name with 403/2012 and told so by the console's
//! first call; once the manager turns it on, the calls go through; the rule's changes are in the
//! business's audit log.

use crate::helpers::*;
use crate::two_step::turn_on;
use reqwest::Method;
use serde_json::{json, Value};

fn two_step_needed(status: u16, body: &Value) {
    assert_eq!(
        (status, body["code"].as_str()),
        (403, Some("2012")),
        "{body}"
    );
}

#[tokio::test]
async fn a_business_that_requires_two_step_sign_in_refuses_its_team_until_they_have_it() {
    on_each_database(|app: TestApp| async move {
        let master = app.signed_in("master@tidemark.test").await;
        let manager = app.signed_in("manager@tidemark.test").await;
        let business = my_business(&app, &master).await;
        let rule = format!("/api/v1/businesses/{business}/two-step");
        let required = json!({"required": true});

        // A rule that could shut the master out waits for the master's own two-step sign-in;
        // and like every change to who may do what, it asks the master to confirm it is them.
        let (status, body) = call(&app, &master, Method::PUT, &rule, Some(required.clone())).await;
        assert_eq!((status, body["code"].as_str()), (403, Some("2013")), "{body}");
        check_password(&app, &master).await;
        let (status, body) = call(&app, &master, Method::PUT, &rule, Some(required.clone())).await;
        assert_eq!(status, 409, "{body}");
        let (status, body) = call(&app, &manager, Method::PUT, &rule, Some(required.clone())).await;
        assert_eq!(status, 403, "only the master sets the rule: {body}");
        turn_on(&app, &master).await;
        let (status, body) = call(&app, &master, Method::PUT, &rule, Some(required.clone())).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["required"], true);

        // The manager's console opens with what to do; every call in the business's name is
        // refused until then.
        let (status, mine) = call(&app, &manager, Method::GET, "/api/v1/mypage/business", None).await;
        assert_eq!(status, 200, "{mine}");
        assert_eq!(mine["data"]["requiresTwoStep"], true, "{mine}");
        assert_eq!(mine["data"]["twoStepNeeded"], true, "{mine}");
        let team = format!("/api/v1/businesses/{business}/managers");
        let (status, body) = call(&app, &manager, Method::GET, &team, None).await;
        two_step_needed(status, &body);
        let (status, body) = call(&app, &manager, Method::GET, "/api/v1/mypage/posts", None).await;
        two_step_needed(status, &body);
        let draft = json!({"categoryId": 1, "title": "규칙 아래 글", "summary": "요약", "bodyHtml": "<p>본문</p>", "tags": [], "action": "publish"});
        let (status, body) = call(&app, &manager, Method::POST, "/api/v1/posts", Some(draft.clone())).await;
        two_step_needed(status, &body);
        // The master, who has it, goes on; the team's list says who has it.
        let (status, people) = call(&app, &master, Method::GET, &team, None).await;
        assert_eq!(status, 200, "{people}");
        let has = |email: &str| people["data"].as_array().unwrap().iter().find(|p| p["email"] == email).unwrap()["twoStep"].clone();
        assert_eq!(has("master@tidemark.test"), true);
        assert_eq!(has("manager@tidemark.test"), false);

        // The manager turns it on: the same session goes on.
        turn_on(&app, &manager).await;
        let (status, body) = call(&app, &manager, Method::GET, &team, None).await;
        assert_eq!(status, 200, "{body}");
        let (_, mine) = call(&app, &manager, Method::GET, "/api/v1/mypage/business", None).await;
        assert_eq!(mine["data"]["twoStepNeeded"], false, "{mine}");

        // The rule lifted; both changes are in the audit log, once each (setting it again
        // records nothing).
        let (status, body) = call(&app, &master, Method::PUT, &rule, Some(json!({"required": false}))).await;
        assert_eq!(status, 200, "{body}");
        let (status, _) = call(&app, &master, Method::PUT, &rule, Some(json!({"required": false}))).await;
        assert_eq!(status, 200);
        let (_, audit) = call(&app, &master, Method::GET, &format!("/api/v1/businesses/{business}/audit?size=50"), None).await;
        let actions: Vec<&str> = audit["data"]["items"].as_array().unwrap().iter().filter_map(|entry| entry["action"].as_str()).filter(|action| action.starts_with("TWO_STEP")).collect();
        assert_eq!(actions, ["TWO_STEP_OPTIONAL", "TWO_STEP_REQUIRED"], "{audit}");
    })
    .await;
}
