//! HTTPS for the server's outgoing calls (the social and certification providers, the push
//! services, the S3 bucket): rustls with ring's cryptography, the process's one provider.

/// Installs ring as rustls's cryptography for the process. Every place that builds an HTTP
/// client calls it first (reqwest refuses to build one without a provider); the second and
/// later calls change nothing.
pub fn use_ring() {
    // `Err` means a provider is already installed: ring's, by an earlier call.
    let _ = rustls::crypto::ring::default_provider().install_default();
}
