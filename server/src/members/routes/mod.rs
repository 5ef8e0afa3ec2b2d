//! The member calls, by area: join by e-mail, password recovery, my page, the file of a
//! member's own data, the signed-in sessions.

pub(super) mod export;
pub(super) mod join;
pub(super) mod mypage;
pub(super) mod recovery;
pub(super) mod sessions;
