/**
 * Whether the hero's words accept the goal on offer: the web's 'Start This Quest' sends "I'm ready.
 * Let's start this quest!", and heroes type their own yes. A message that also asks for a change is a
 * refinement, not a start.
 */
export function acceptsQuest(text: string): boolean {
  const t = text.trim().toLowerCase();
  if (/\b(?:refine|change|adjust|instead|different|modify|tweak|edit|but|not|don'?t|no)\b/.test(t))
    return false;
  return (
    /\b(?:start|begin|launch|accept|embark on)\b[^.!?]*\bquest\b/.test(t) ||
    /^(?:yes|yeah|yep|yup|sure|ok|okay|i'?m ready|ready|let'?s (?:go|do (?:it|this)|start)|confirm(?:ed)?|sounds (?:good|great|perfect)|perfect|do it)\b/.test(
      t,
    )
  );
}
