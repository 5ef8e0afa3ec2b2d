//! The rules of the codes: an authenticator app's secret and its one-time codes (RFC 6238:
//! HMAC-SHA1, six digits, 30-second steps, one step of clock drift either way, by totp-rs),
//! the otpauth:// address and its QR code, and the recovery codes' form. Time is passed in.

use qrcode::render::svg;
use qrcode::QrCode;
use rand::RngExt;
use totp_rs::{Builder, Secret, Totp};

/// The name an authenticator app lists the account under, before the member's e-mail.
pub const ISSUER: &str = "Tidemark";
/// Recovery codes made at a time.
pub const RECOVERY_CODES: usize = 10;
/// The letters of a recovery code: lower-case letters and digits without the look-alikes
/// (0/o, 1/l/i), 5 bits each.
const RECOVERY_ALPHABET: &[u8; 32] = b"abcdefghjkmnpqrstuvwxyz23456789-";

/// A new secret: 160 random bits, the length RFC 4226 recommends for HMAC-SHA1.
pub fn new_secret() -> [u8; 20] {
    rand::rng().random()
}

fn totp(secret: &[u8], account: &str) -> Option<Totp> {
    // An account name with a colon is refused by the otpauth format; the e-mail never has
    // one, a missing e-mail becomes "member".
    let account = if account.is_empty() || account.contains(':') {
        "member"
    } else {
        account
    };
    Builder::new()
        .with_secret(Secret::from(secret.to_vec()))
        .with_account_name(account)
        .with_issuer(Some(ISSUER))
        .build()
        .ok()
}

/// The secret as an authenticator app takes it typed: base32, in groups of four.
pub fn secret_text(secret: &[u8]) -> String {
    let base32 = Secret::from(secret.to_vec()).to_base32();
    base32
        .as_bytes()
        .chunks(4)
        .map(|group| String::from_utf8_lossy(group).into_owned())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The otpauth:// address an authenticator app reads from the QR code.
pub fn otpauth_url(secret: &[u8], account: &str) -> Option<String> {
    totp(secret, account)?.to_url().ok()
}

/// `text` drawn as a QR code, an SVG document (dark modules on white, a quiet zone around).
pub fn qr_svg(text: &str) -> Option<String> {
    let code = QrCode::new(text.as_bytes()).ok()?;
    Some(
        code.render::<svg::Color>()
            .min_dimensions(200, 200)
            .dark_color(svg::Color("#111111"))
            .light_color(svg::Color("#ffffff"))
            .build(),
    )
}

/// The 30-second step whose code `code` is, within one step of `now` (Unix seconds), or
/// none. Spaces and hyphens a person types are ignored.
pub fn step_of(secret: &[u8], code: &str, now: u64) -> Option<u64> {
    let code: String = code
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .collect();
    if code.len() != 6 || !code.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    totp(secret, "")?.check(&code, now)
}

/// The code of `secret` at `now`: for the tests and the demo, which compute what an app
/// shows.
pub fn code_at(secret: &[u8], now: u64) -> String {
    totp(secret, "")
        .map(|t| t.generate(now).to_string())
        .unwrap_or_default()
}

/// The bytes of a secret as the setup answer writes it (base32 in groups of four; spaces
/// ignored, any case).
pub fn secret_of_text(secret_text: &str) -> Option<Vec<u8>> {
    let base32: String = secret_text.chars().filter(|c| !c.is_whitespace()).collect();
    let secret = Secret::try_from_base32(base32.to_uppercase()).ok()?;
    Some(secret.as_ref().to_vec())
}

/// The code an app shows at `now` for a secret as the setup answer writes it: what a test or
/// a script holding the text computes.
pub fn code_for_text(secret_text: &str, now: u64) -> Option<String> {
    Some(code_at(&secret_of_text(secret_text)?, now))
}

/// Ten new recovery codes, `xxxxx-xxxxx` (50 random bits each).
pub fn new_recovery_codes() -> Vec<String> {
    let mut rng = rand::rng();
    (0..RECOVERY_CODES)
        .map(|_| {
            let letters: String = (0..10)
                .map(|_| RECOVERY_ALPHABET[rng.random_range(0..31)] as char)
                .collect();
            format!("{}-{}", &letters[..5], &letters[5..])
        })
        .collect()
}

/// A recovery code as typed, in the form it was made in: lower case, without spaces or
/// hyphens.
pub fn normal_recovery_code(code: &str) -> String {
    code.chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .flat_map(char::to_lowercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6238 Appendix B's SHA-1 secret, with its test vectors cut to six digits.
    const RFC_SECRET: &[u8] = b"12345678901234567890";

    #[test]
    fn the_codes_are_rfc_6238s() {
        assert_eq!(code_at(RFC_SECRET, 59), "287082");
        assert_eq!(code_at(RFC_SECRET, 1_111_111_109), "081804");
        assert_eq!(code_at(RFC_SECRET, 1_234_567_890), "005924");
        assert_eq!(code_at(RFC_SECRET, 2_000_000_000), "279037");
    }

    #[test]
    fn a_code_is_taken_within_one_step_of_drift_and_names_its_step() {
        let now = 1_800_000_000;
        let code = code_at(RFC_SECRET, now);
        assert_eq!(step_of(RFC_SECRET, &code, now), Some(now / 30));
        assert_eq!(step_of(RFC_SECRET, &code, now + 30), Some(now / 30));
        assert_eq!(step_of(RFC_SECRET, &code, now - 30), Some(now / 30));
        assert_eq!(step_of(RFC_SECRET, &code, now + 90), None);
        let spaced = format!("{} {}", &code[..3], &code[3..]);
        assert_eq!(step_of(RFC_SECRET, &spaced, now), Some(now / 30));
        assert_eq!(step_of(RFC_SECRET, "12345", now), None);
        assert_eq!(step_of(RFC_SECRET, "abcdef", now), None);
        assert_eq!(step_of(RFC_SECRET, "1234567", now), None);
    }

    #[test]
    fn the_address_and_the_text_carry_the_same_secret() {
        let secret = new_secret();
        let url = otpauth_url(&secret, "ops@tidemark.kr").unwrap();
        let base32 = secret_text(&secret).replace(' ', "");
        assert!(
            url.starts_with("otpauth://totp/Tidemark:ops%40tidemark.kr?"),
            "{url}"
        );
        assert!(url.contains(&format!("secret={base32}")), "{url}");
        assert!(url.contains("issuer=Tidemark"), "{url}");
        assert_eq!(base32.len(), 32);
        assert_eq!(
            code_for_text(&secret_text(&secret), 1_800_000_000).unwrap(),
            code_at(&secret, 1_800_000_000)
        );
        let svg = qr_svg(&url).unwrap();
        assert!(
            svg.starts_with("<?xml") && svg.contains("<svg"),
            "{}",
            &svg[..80]
        );
        assert!(otpauth_url(&secret, "a:b")
            .unwrap()
            .contains("Tidemark:member"));
    }

    #[test]
    fn recovery_codes_are_ten_different_and_read_back_as_typed() {
        let codes = new_recovery_codes();
        assert_eq!(codes.len(), 10);
        let unique: std::collections::HashSet<_> = codes.iter().collect();
        assert_eq!(unique.len(), 10);
        for code in &codes {
            assert_eq!(code.len(), 11);
            assert_eq!(&code[5..6], "-");
            assert!(code
                .chars()
                .all(|c| c == '-' || RECOVERY_ALPHABET[..31].contains(&(c as u8))));
            let typed = format!(" {} ", code.to_uppercase().replace('-', " "));
            assert_eq!(normal_recovery_code(&typed), code.replace('-', ""));
        }
    }
}
