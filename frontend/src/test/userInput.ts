import type { UserEvent } from '@testing-library/user-event';

/**
 * Fills a field as a user who pastes: a click (focus, the caret at the end, as `user.type` puts it), then one
 * paste, one `input` event. `user.type` sends five events a character and the page renders again for each, which
 * made form journeys in jsdom slow; keep `user.type` where the keystrokes are what is tested (keys a field
 * refuses, Enter, typing that settles into a search).
 */
export async function enterText(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}
