//! The member calls, by area: join by e-mail, password recovery, my page, the file of a
//! member's own data.

pub(super) mod export;
pub(super) mod join;
pub(super) mod mypage;
pub(super) mod recovery;
