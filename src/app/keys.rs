//! The keyboard commands of the seed app (DESIGN §5), ignored while a text field has focus,
//! and the help overlay that lists them.

use super::session::Session;
use super::view_settings::ViewSettings;

/// Every key and what it does, for the help overlay.
pub const KEYS: [(&str, &str); 25] = [
    ("2", "switch 2D / 3D"),
    ("e", "board editor on / off"),
    ("Ctrl+V", "paste moves, a transcript, a position or OBF"),
    ("4 6 8", "board size"),
    ("p", "play / stop"),
    ("r", "reset: a new game"),
    ("Ctrl+Z", "undo the last move, new game or board change"),
    ("Ctrl+Y  Ctrl+Shift+Z", "redo"),
    ("< >  ← →", "history: back / forward"),
    ("Home End", "history: start / end"),
    ("m", "live move scores on / off"),
    ("s", "position value on / off"),
    ("c", "categories colouring"),
    ("v", "values colouring"),
    ("a", "3D grid: none / orthogonal / all 26"),
    ("A", "3D axes"),
    ("w", "3D auto-rotation"),
    ("i", "3D orthographic / perspective"),
    ("b B", "3D ball size smaller / larger"),
    ("h H", "hint size smaller / larger"),
    ("f", "fullscreen"),
    ("Esc Space", "leave fullscreen"),
    (". ?", "this help"),
    ("Esc", "close this help"),
    ("", "Keys are ignored while a text field has focus."),
];

/// Applies the keys pressed this frame; `fullscreen` is the window state they may change.
pub fn handle(
    ctx: &egui::Context,
    session: &mut Session,
    view: &mut ViewSettings,
    fullscreen: &mut bool,
) {
    if ctx.egui_wants_keyboard_input() {
        return;
    }
    let events = ctx.input(|input| input.events.clone());
    for event in events {
        match event {
            egui::Event::Text(text) => {
                for key in text.chars() {
                    apply(key, session, view, fullscreen);
                }
            }
            egui::Event::Paste(text) => session.paste_text(&text),
            egui::Event::Key {
                key: egui::Key::Escape,
                pressed: true,
                ..
            } => {
                session.show_help = false;
                *fullscreen = false;
            }
            egui::Event::Key {
                key,
                pressed: true,
                modifiers,
                ..
            } => command(key, modifiers, session),
            _ => {}
        }
    }
}

/// Applies one key that types no character: undo and redo, stepping through the history.
fn command(key: egui::Key, modifiers: egui::Modifiers, session: &mut Session) {
    use egui::Key;
    let plain = modifiers.is_none();
    match key {
        Key::Z if modifiers.command && modifiers.shift => session.redo(),
        Key::Z if modifiers.command => session.undo(),
        Key::Y if modifiers.command => session.redo(),
        Key::ArrowLeft if plain => session.back(),
        Key::ArrowRight if plain => session.forward(),
        Key::Home if plain => session.go_to(0),
        Key::End if plain => session.go_to(session.game().moves().len()),
        _ => {}
    }
}

/// Applies one typed character.
pub fn apply(key: char, session: &mut Session, view: &mut ViewSettings, fullscreen: &mut bool) {
    match key {
        '2' => session.toggle_dimensions(),
        'e' => session.toggle_editor(),
        '4' | '6' | '8' => session.set_side(key.to_digit(10).unwrap_or(6) as usize),
        'p' => session.toggle_play(),
        'r' => session.reset(),
        '<' => session.back(),
        '>' => session.forward(),
        'm' => session.toggle_live_moves(),
        's' => session.toggle_show_value(),
        'c' => view.show_categories(!view.categories),
        'v' => view.show_values(!view.values),
        'a' => view.grid = view.grid.next(),
        'A' => view.axes = !view.axes,
        'w' => view.rotate = !view.rotate,
        'i' => view.orthographic = !view.orthographic,
        'b' => view.scale_discs(1.0 / 1.1),
        'B' => view.scale_discs(1.1),
        'h' => view.scale_hints(1.0 / 1.1),
        'H' => view.scale_hints(1.1),
        'f' => *fullscreen = !*fullscreen,
        ' ' => *fullscreen = false,
        '.' | '?' => session.show_help = !session.show_help,
        _ => {}
    }
}

/// The help overlay, while open.
pub fn help_window(ctx: &egui::Context, session: &mut Session) {
    let mut open = session.show_help;
    egui::Window::new("Keys")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, egui::Vec2::ZERO)
        .show(ctx, |ui| {
            egui::Grid::new("keys")
                .num_columns(2)
                .striped(true)
                .show(ui, |ui| {
                    for (key, meaning) in KEYS {
                        ui.monospace(key);
                        ui.label(meaning);
                        ui.end_row();
                    }
                });
            ui.separator();
            ui.label(
                "Mouse: click a cell on a board to play it (in the editor: to cycle its disc); \
                 hover a move in Moves to preview it.",
            );
            ui.label("Drag a panel's tab to move, tab or split it; drag a border to resize.");
        });
    session.show_help = open && session.show_help;
}
