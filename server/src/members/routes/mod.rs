//! The member calls, by area: join by e-mail, password recovery, my page.

pub(super) mod join;
pub(super) mod mypage;
pub(super) mod recovery;
