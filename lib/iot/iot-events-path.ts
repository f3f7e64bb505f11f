/** Where a Flic Hub posts the presses of a button (docs/flic.md); the screen shows it on the public URL. */
export const IOT_EVENTS_PATH = '/api/iot/events';
