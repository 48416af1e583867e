// Issue 25 item 5, no-color.org: a non-empty NO_COLOR turns the terminal's colours off. Ink's
// chalk 5 reads only FORCE_COLOR, once, when it is imported: main.tsx imports this module first.
if ((process.env['NO_COLOR'] ?? '') !== '') process.env['FORCE_COLOR'] = '0';

export {};
