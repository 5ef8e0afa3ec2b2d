use tidemark_server::{telemetry, Application, Settings};

#[tokio::main]
async fn main() -> std::process::ExitCode {
    telemetry::init();
    let settings = match Settings::from_env() {
        Ok(settings) => settings,
        Err(problem) => {
            tracing::error!("settings: {problem}");
            return std::process::ExitCode::from(2);
        }
    };
    match Application::build(settings).await {
        Ok(app) => match app.run_until_stopped().await {
            Ok(()) => std::process::ExitCode::SUCCESS,
            Err(error) => {
                tracing::error!("server stopped: {error}");
                std::process::ExitCode::FAILURE
            }
        },
        Err(error) => {
            tracing::error!("could not start: {error}");
            std::process::ExitCode::FAILURE
        }
    }
}
