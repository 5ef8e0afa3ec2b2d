//! Making a pasted link a video or a card: who may, what is fetched, what is kept.

use super::open_graph;
use crate::auth::access::acting_for;
use crate::auth::AuthUser;
use crate::http::error::{ApiError, ApiResult};
use crate::http::limits::RateLimits;
use crate::link_fetch::{Fetched, Fetcher, Limit, Refusal};
use crate::settings::{FETCH_ALLOW, OEMBED_URL};
use crate::state::AppState;
use crate::uploads::{keep_fetched, Uploaded};
use serde::{Deserialize, Serialize};
use tidemark_core::embed::{video_of, Video};
use utoipa::ToSchema;

/// The start of a page read for its card: its head is there.
const PAGE_START: usize = 512 * 1024;
/// The largest picture kept (the upload limit's).
const PICTURE_MAX: usize = crate::uploads::process::IMAGE_MAX_BYTES;
/// The largest oEmbed answer read.
const OEMBED_MAX: usize = 64 * 1024;

/// The link to make a block of.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EmbedInput {
    /// An `http` or `https` address (one without a scheme, `youtu.be/…`, is read as https).
    pub url: String,
    /// A video or nothing: a link that is no provider's video is refused (400) without its
    /// page being read (the editor's paste asks so first). False when absent.
    #[serde(default)]
    pub video_only: bool,
}

/// The block a link makes.
#[derive(Debug, Serialize, ToSchema)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Embed {
    Video(VideoEmbed),
    LinkCard(LinkCard),
}

/// A video: its player and, when its provider told them, its title and thumbnail.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VideoEmbed {
    /// `youtube`, `vimeo` or `navertv`.
    pub provider: String,
    /// The provider's name as readers know it.
    pub provider_name: String,
    /// The player's canonical address: the `<iframe>`'s `src` in the body.
    pub player: String,
    /// The video's page at its provider.
    pub page: String,
    pub title: Option<String>,
    /// The thumbnail, kept as the business's upload.
    pub thumbnail: Option<Uploaded>,
}

/// A page as a card.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LinkCard {
    /// The page's address (after its redirects).
    pub url: String,
    pub title: String,
    pub description: Option<String>,
    /// The site's name, else its host.
    pub site: String,
    /// The page's picture, kept as the business's upload.
    pub image: Option<Uploaded>,
}

/// The block `input.url` makes, for a writer of a business.
pub(super) async fn embed(
    state: &AppState,
    user: &AuthUser,
    input: EmbedInput,
) -> ApiResult<Embed> {
    let business_id = acting_for(state, &user.member)
        .await?
        .map(|(business_id, _)| business_id)
        .ok_or_else(|| {
            ApiError::Forbidden(
                "only a business's master or managers add links to its posts".into(),
            )
        })?;
    let link = tidemark_core::writing::safe_link(&input.url)
        .filter(|link| link.starts_with("http://") || link.starts_with("https://"))
        .ok_or_else(|| ApiError::bad_request("url must be a web address (http or https)"))?;
    RateLimits::check(
        &state.limits.embed_member,
        &user.member.id.to_string(),
        "links made into blocks",
    )
    .await?;
    let fetcher = Fetcher::new(state.settings.socket_addresses(&FETCH_ALLOW));
    let keep = Keeper {
        state,
        fetcher: &fetcher,
        member_id: user.member.id,
        business_id,
    };
    match video_of(&link) {
        Some(video) => Ok(Embed::Video(keep.video(&video).await)),
        None if input.video_only => Err(ApiError::bad_request(
            "this link is not a YouTube, Vimeo or Naver TV video",
        )),
        None => Ok(Embed::LinkCard(keep.card(&link).await?)),
    }
}

/// Fetches for one writer's business and keeps what it fetched.
struct Keeper<'a> {
    state: &'a AppState,
    fetcher: &'a Fetcher,
    member_id: i64,
    business_id: i64,
}

impl Keeper<'_> {
    /// The video's block: its title and thumbnail as its provider's oEmbed gives them, or
    /// without them (logged) when the provider does not answer.
    async fn video(&self, video: &Video) -> VideoEmbed {
        let mut embed = VideoEmbed {
            provider: video.provider.name.into(),
            provider_name: video.provider.label.into(),
            player: video.player(),
            page: video.page(),
            title: None,
            thumbnail: None,
        };
        let address = oembed_address(video, self.state.settings.text(&OEMBED_URL));
        let details = match self
            .fetcher
            .get(&address, "application/json", Limit::Whole(OEMBED_MAX))
            .await
        {
            Ok(fetched) => serde_json::from_slice::<OEmbed>(&fetched.body).ok(),
            Err(refusal) => {
                tracing::info!(provider = video.provider.name, %refusal, "a video's details were not fetched");
                None
            }
        };
        let Some(details) = details else {
            return embed;
        };
        embed.title = details
            .title
            .map(|title| title.split_whitespace().collect::<Vec<_>>().join(" "))
            .filter(|title| !title.is_empty());
        if let Some(thumbnail) = details.thumbnail_url {
            embed.thumbnail = self.picture(&thumbnail).await;
        }
        embed
    }

    /// The page's card, or why there is none.
    async fn card(&self, link: &str) -> ApiResult<LinkCard> {
        let page = self
            .fetcher
            .get(
                link,
                "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
                Limit::Start(PAGE_START),
            )
            .await
            .map_err(refused)?;
        if !matches!(
            page.content_type.as_str(),
            "text/html" | "application/xhtml+xml" | ""
        ) {
            return Err(ApiError::bad_request(format!(
                "this address is not a web page ({}): add it as a link instead",
                page.content_type
            )));
        }
        let found = head_of(&page).ok_or_else(|| {
            ApiError::bad_request(
                "the page has no title to show on a card: add it as a link instead",
            )
        })?;
        let image = match &found.image {
            Some(image) => self.picture(image.as_str()).await,
            None => None,
        };
        Ok(LinkCard {
            url: page.url.to_string(),
            title: found.title,
            description: found.description,
            site: found.site,
            image,
        })
    }

    /// A picture at `address`, kept as the business's upload; `None` (logged) when it cannot
    /// be fetched or is no image: a card or a video goes on without it.
    async fn picture(&self, address: &str) -> Option<Uploaded> {
        let fetched = match self
            .fetcher
            .get(address, "image/*", Limit::Whole(PICTURE_MAX))
            .await
        {
            Ok(fetched) => fetched,
            Err(refusal) => {
                tracing::info!(%refusal, "a link's picture was not fetched");
                return None;
            }
        };
        match keep_fetched(self.state, self.member_id, self.business_id, fetched.body).await {
            Ok(kept) => Some(kept),
            Err(error) => {
                tracing::info!(?error, "a link's picture was not kept");
                None
            }
        }
    }
}

/// The card of a fetched page, when its head arrived (a page cut at the limit whose head did
/// not end there is no page to read).
fn head_of(page: &Fetched) -> Option<open_graph::PageCard> {
    if page.cut {
        let start = String::from_utf8_lossy(&page.body[..page.body.len().min(PAGE_START)])
            .to_ascii_lowercase();
        if !start.contains("</head>") && !start.contains("<body") {
            return None;
        }
    }
    open_graph::read(&page.body, page.charset.as_deref(), &page.url)
}

/// A refused fetch as the writer is told it.
fn refused(refusal: Refusal) -> ApiError {
    ApiError::bad_request(format!("no card for this link: {refusal}"))
}

/// The fields of an oEmbed answer a video block uses.
#[derive(Debug, Deserialize)]
struct OEmbed {
    title: Option<String>,
    thumbnail_url: Option<String>,
}

/// Where the video's oEmbed is asked: its provider's endpoint, or the same path at
/// `TIDEMARK_OEMBED_URL` (a local provider).
fn oembed_address(video: &Video, local: Option<&str>) -> String {
    let address = video.oembed();
    let Some(local) = local else {
        return address;
    };
    let path_at = address
        .find("://")
        .and_then(|scheme| address[scheme + 3..].find('/').map(|at| scheme + 3 + at))
        .unwrap_or(address.len());
    format!("{}{}", local.trim_end_matches('/'), &address[path_at..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_local_provider_answers_on_the_providers_paths() {
        let video = video_of("https://youtu.be/dQw4w9WgXcQ").unwrap();
        assert_eq!(
            oembed_address(&video, Some("http://127.0.0.1:4000/")),
            format!(
                "http://127.0.0.1:4000/oembed?format=json&url={}",
                "https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3DdQw4w9WgXcQ"
            )
        );
        assert_eq!(oembed_address(&video, None), video.oembed());
        let vimeo = video_of("https://vimeo.com/76979871").unwrap();
        assert!(oembed_address(&vimeo, Some("http://127.0.0.1:4000"))
            .starts_with("http://127.0.0.1:4000/api/oembed.json?url="));
    }
}
