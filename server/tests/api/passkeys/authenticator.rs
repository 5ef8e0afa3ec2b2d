//! A software authenticator for the API tests: what a phone or a security key does with the
//! server's options, written out by hand from WebAuthn Level 3 and CTAP 2 so the server's
//! checks (the WebAuthn library's) meet bytes it did not make. One P-256 key per passkey,
//! "none" attestation, the user verified; the answers are the JSON a browser's `toJSON()`
//! gives.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use p256::ecdsa::signature::Signer;
use p256::ecdsa::{Signature, SigningKey};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

/// A passkey the authenticator holds: its id, key, the site it was made for, the member's
/// handle and its signature counter.
pub struct SoftPasskey {
    pub id: Vec<u8>,
    key: SigningKey,
    pub rp_id: String,
    user_handle: Vec<u8>,
    counter: u32,
}

/// Where the answers claim to come from: the site's own page, or another's.
pub struct Origin<'a>(pub &'a str);

const UP: u8 = 0x01;
const UV: u8 = 0x04;
const AT: u8 = 0x40;

fn b64(bytes: &[u8]) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

fn unb64(text: &str) -> Vec<u8> {
    URL_SAFE_NO_PAD.decode(text).expect("base64url")
}

/// CBOR's head of a major type with a length or value (RFC 8949, section 3).
fn head(major: u8, value: usize, out: &mut Vec<u8>) {
    let major = major << 5;
    match value {
        0..=23 => out.push(major | value as u8),
        24..=0xff => out.extend([major | 24, value as u8]),
        _ => {
            out.push(major | 25);
            out.extend((value as u16).to_be_bytes());
        }
    }
}

fn text(value: &str, out: &mut Vec<u8>) {
    head(3, value.len(), out);
    out.extend(value.as_bytes());
}

fn bytes(value: &[u8], out: &mut Vec<u8>) {
    head(2, value.len(), out);
    out.extend(value);
}

/// The COSE key of a P-256 public key, in CTAP 2's canonical order (1, 3, -1, -2, -3).
fn cose_key(key: &SigningKey) -> Vec<u8> {
    let point = key.verifying_key().to_encoded_point(false);
    let mut out = vec![0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21];
    bytes(point.x().unwrap(), &mut out);
    out.push(0x22);
    bytes(point.y().unwrap(), &mut out);
    out
}

/// An ES256 signature as WebAuthn sends it: ASN.1 DER of (r, s).
fn der(signature: &Signature) -> Vec<u8> {
    let integer = |half: &[u8]| {
        let trimmed: Vec<u8> = half.iter().copied().skip_while(|b| *b == 0).collect();
        let mut value = if trimmed.first().is_some_and(|b| b & 0x80 != 0) {
            vec![0]
        } else {
            vec![]
        };
        value.extend(trimmed);
        let mut out = vec![0x02, value.len() as u8];
        out.extend(value);
        out
    };
    let raw = signature.to_bytes();
    let body = [integer(&raw[..32]), integer(&raw[32..])].concat();
    let mut out = vec![0x30, body.len() as u8];
    out.extend(body);
    out
}

fn client_data(kind: &str, challenge: &str, origin: &Origin) -> Vec<u8> {
    format!(
        r#"{{"type":"{kind}","challenge":"{challenge}","origin":"{}","crossOrigin":false}}"#,
        origin.0
    )
    .into_bytes()
}

impl SoftPasskey {
    /// Makes a passkey for the server's creation options (`data.publicKey` of
    /// `/mypage/v1/passkeys/options`), as a browser at `origin` would; answers the passkey
    /// and the registration JSON. `rp_id`: the site the authenticator believes it is on.
    pub fn create(options: &Value, origin: &Origin, rp_id: &str) -> (SoftPasskey, Value) {
        let seed: [u8; 32] = rand::random();
        let key = SigningKey::from_slice(&seed).expect("a P-256 key");
        let id: Vec<u8> = (0..16).map(|_| rand::random::<u8>()).collect();
        let challenge = options["challenge"].as_str().expect("a challenge");
        let user_handle = unb64(options["user"]["id"].as_str().expect("a user handle"));
        let mut auth_data = Sha256::digest(rp_id.as_bytes()).to_vec();
        auth_data.push(UP | UV | AT);
        auth_data.extend(0u32.to_be_bytes());
        auth_data.extend([0u8; 16]);
        auth_data.extend((id.len() as u16).to_be_bytes());
        auth_data.extend(&id);
        auth_data.extend(cose_key(&key));
        let mut attestation = vec![0xa3];
        text("fmt", &mut attestation);
        text("none", &mut attestation);
        text("attStmt", &mut attestation);
        attestation.push(0xa0);
        text("authData", &mut attestation);
        bytes(&auth_data, &mut attestation);
        let answer = json!({
            "id": b64(&id),
            "rawId": b64(&id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64(&client_data("webauthn.create", challenge, origin)),
                "attestationObject": b64(&attestation),
                "transports": ["internal"],
            },
            "clientExtensionResults": {},
            "authenticatorAttachment": "platform",
        });
        let passkey = SoftPasskey {
            id,
            key,
            rp_id: rp_id.to_string(),
            user_handle,
            counter: 0,
        };
        (passkey, answer)
    }

    /// Answers the server's request options (`data.publicKey` of a `…/options` call) as a
    /// browser at `origin` would: the assertion JSON, its counter one higher.
    pub fn assert(&mut self, options: &Value, origin: &Origin) -> Value {
        let challenge = options["challenge"].as_str().expect("a challenge");
        self.counter += 1;
        let mut auth_data = Sha256::digest(self.rp_id.as_bytes()).to_vec();
        auth_data.push(UP | UV);
        auth_data.extend(self.counter.to_be_bytes());
        let client_data = client_data("webauthn.get", challenge, origin);
        let signed = [
            auth_data.as_slice(),
            Sha256::digest(&client_data).as_slice(),
        ]
        .concat();
        let signature: Signature = self.key.sign(&signed);
        json!({
            "id": b64(&self.id),
            "rawId": b64(&self.id),
            "type": "public-key",
            "response": {
                "clientDataJSON": b64(&client_data),
                "authenticatorData": b64(&auth_data),
                "signature": b64(&der(&signature)),
                "userHandle": b64(&self.user_handle),
            },
            "clientExtensionResults": {},
            "authenticatorAttachment": "platform",
        })
    }

    /// The same passkey id and handle with another key: what a forger who knows the id has.
    pub fn forged(&self) -> SoftPasskey {
        let seed: [u8; 32] = rand::random();
        SoftPasskey {
            id: self.id.clone(),
            key: SigningKey::from_slice(&seed).expect("a P-256 key"),
            rp_id: self.rp_id.clone(),
            user_handle: self.user_handle.clone(),
            counter: self.counter,
        }
    }
}
