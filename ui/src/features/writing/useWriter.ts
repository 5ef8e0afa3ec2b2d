// The writer's effects around its state (writerState.ts): the saves and the hide through
// their mutations, the autosave's timer, this browser's copy of the post (written on every
// change until the server has it), the new post's address and the data layer's events.
import { useEffect, useEffectEvent, useReducer, useRef } from "react";
import { useLocation } from "wouter";
import { useFailureMessage } from "../../components/form";
import { pushDataLayer } from "../../lib/analytics";
import { ApiError } from "../../lib/api";
import { useSession } from "../../lib/session";
import { CONFLICT_CODE, useHidePost, useSavePost, type Conflict, type EditedPost, type PostInput, type SaveAction } from "./api";
import { dropLocal, readLocal, sameDraft, writeLocal, type Draft } from "./draft";
import { AUTOSAVE_MS, fieldProblemsOf, isDirty, publishes, saveInput, startWriter, writerReducer, type Outcome } from "./writerState";

interface Options {
  businessId: number;
  /** The post as the server has it; none for a new one. */
  post: EditedPost | null;
  /** A new post got its id (the page puts it in the address). */
  onCreated?: (id: number) => void;
}

export function useWriter({ businessId, post, onCreated }: Options) {
  const failure = useFailureMessage();
  const { user } = useSession();
  const [, navigate] = useLocation();
  const savePost = useSavePost();
  const hidePost = useHidePost();
  const [state, dispatch] = useReducer(writerReducer, null, () => startWriter(post, readLocal(businessId, post?.postSeq ?? null)));
  // The draft as it is now, for what a save does once it is answered.
  const latest = useRef(state.draft);
  useEffect(() => {
    latest.current = state.draft;
  }, [state.draft]);

  const dirty = isDirty(state);
  // Every change is kept in this browser until the server has it.
  useEffect(() => {
    if (dirty) writeLocal(businessId, state.postId, state.draft);
  }, [businessId, state.postId, state.draft, dirty]);

  async function save(action: SaveAction, auto: boolean, extra: Partial<PostInput> = {}, done?: Outcome): Promise<void> {
    const { postId } = state;
    const sent = state.draft;
    dispatch({ type: "saveStarted", auto });
    let result: EditedPost;
    try {
      result = await savePost.mutateAsync({ postId, input: saveInput(state, sent, action, extra) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.code === CONFLICT_CODE && error.data) {
        dispatch({ type: "saveConflicted", auto, conflict: error.data as Conflict });
      } else {
        dispatch({ type: "saveFailed", auto, reason: failure(error, (e) => (e.status === 400 ? e.message : undefined)) });
      }
      return;
    }
    dispatch({ type: "saved", auto, sent, post: result, at: Date.now(), done });
    if (postId === null) {
      dropLocal(businessId, null);
      onCreated?.(result.postSeq);
      navigate(`/mypage/content/register?id=${result.postSeq}`, { replace: true });
    }
    // What was typed while the save was on its way stays in this browser.
    if (sameDraft(latest.current, sent)) dropLocal(businessId, result.postSeq);
    else writeLocal(businessId, result.postSeq, latest.current);
    if (action === "draft") pushDataLayer("TemporaryContent", "UPLOAD", user);
    if (action === "publish") pushDataLayer("Upload_Content", "UPLOAD", user);
  }

  // The autosave: one timer per round of the wait (writerState.ts decides the rounds).
  const autosave = useEffectEvent(() => void save("draft", true));
  const { round, armed } = state.timer;
  useEffect(() => {
    if (!armed) return;
    const timer = window.setTimeout(() => autosave(), AUTOSAVE_MS);
    return () => window.clearTimeout(timer);
  }, [round, armed]);

  /** A save the writer asked for, `done` said after it; publishing needs a title and a body. */
  function act(action: SaveAction, done: Outcome, extra: Partial<PostInput> = {}) {
    const problems = fieldProblemsOf(state.draft, publishes(action, state.status));
    dispatch({ type: "checked", problems });
    if (Object.keys(problems).length > 0) return;
    void save(action, false, extra, done);
  }

  async function hide() {
    if (state.postId === null) return;
    dispatch({ type: "hideStarted" });
    try {
      dispatch({ type: "hidden", post: await hidePost.mutateAsync(state.postId) });
    } catch (error) {
      dispatch({ type: "hideFailed", reason: failure(error) });
    }
  }

  return {
    state,
    dirty,
    edit: (change: Partial<Draft>) => dispatch({ type: "edited", change }),
    act,
    hide,
    /** Drops this browser's copy: the form shows what the server holds. */
    discardLocal: () => {
      dropLocal(businessId, state.postId);
      dispatch({ type: "localDiscarded" });
    },
    /** Drops this browser's copy before the post is read again from the server. */
    forgetLocal: () => dropLocal(businessId, state.postId),
  };
}
