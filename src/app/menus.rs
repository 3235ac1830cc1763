//! The workspace's menu bar (File, Edit, View, Help) and its status line.

use super::ReversiApp;
use super::dialogs::FileTask;
use super::session::CopyKind;
use engine::notation::Notation;

impl ReversiApp {
    /// The menu bar: File, Edit, View, Help.
    pub(super) fn menu_bar(&mut self, ui: &mut egui::Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("File", |ui| {
                let tasks = [
                    (
                        FileTask::OpenGame,
                        "Open game…",
                        "Read a game record (.ron)",
                    ),
                    (
                        FileTask::SaveGame,
                        "Save game…",
                        "Write this game as a record (.ron)",
                    ),
                    (
                        FileTask::ImportPreset,
                        "Import preset…",
                        "Read a preset into your presets",
                    ),
                    (
                        FileTask::ExportPreset,
                        "Export preset…",
                        "Write the Weights panel's player",
                    ),
                ];
                for (task, label, tip) in tasks {
                    if ui.button(label).on_hover_text(tip).clicked() {
                        self.session.ask_file(task);
                    }
                }
            });
            ui.menu_button("Edit", |ui| self.edit_menu(ui));
            ui.menu_button("View", |ui| {
                if ui
                    .button("Reset layout")
                    .on_hover_text("Put every panel back where it starts")
                    .clicked()
                {
                    self.reset_layout();
                }
                ui.checkbox(&mut self.fullscreen, "Fullscreen board (f)")
                    .on_hover_text(
                        "The board or cube alone, filling the screen; Esc or Space leave",
                    );
                ui.checkbox(&mut self.view.dark, "Dark theme")
                    .on_hover_text("Dark or light colours");
                ui.add(egui::Slider::new(&mut self.view.ui_scale, 0.5..=3.0).text("UI scale"))
                    .on_hover_text("Make everything larger or smaller");
                let mut in_window = self.session.settings().window_file_dialogs;
                if ui
                    .checkbox(&mut in_window, "File dialogs in the window")
                    .on_hover_text(
                        "Choose files in a dialog drawn in the window instead of the system's \
                         (used by itself when the system has none)",
                    )
                    .changed()
                {
                    self.session.set_window_file_dialogs(in_window);
                }
                let mut numbers = self.session.settings().notation == Notation::Numbers;
                if ui
                    .checkbox(&mut numbers, "Square boards in x-y (3-4 for c4)")
                    .on_hover_text(
                        "Write the cells of 2D boards as the seed app did (column-row numbers) \
                         instead of Othello's c4; both are read everywhere",
                    )
                    .changed()
                {
                    self.session.set_notation(match numbers {
                        true => Notation::Numbers,
                        false => Notation::Letters,
                    });
                }
            });
            ui.menu_button("Help", |ui| {
                if ui
                    .button("Keys (.)")
                    .on_hover_text("The keyboard commands")
                    .clicked()
                {
                    self.session.show_help = true;
                }
            });
        });
    }

    fn edit_menu(&mut self, ui: &mut egui::Ui) {
        let undo = egui::Button::new("Undo").shortcut_text("Ctrl+Z");
        if ui
            .add_enabled(self.session.can_undo(), undo)
            .on_hover_text("Bring back the game before the last move, new game or board change")
            .clicked()
        {
            self.session.undo();
        }
        let redo = egui::Button::new("Redo").shortcut_text("Ctrl+Y");
        if ui
            .add_enabled(self.session.can_redo(), redo)
            .on_hover_text("Take the last undone change again")
            .clicked()
        {
            self.session.redo();
        }
        ui.separator();
        if ui
            .button("Paste (Ctrl+V)")
            .on_hover_text(
                "Read the clipboard: a move list, an 8x8 transcript (f5d6c3…), a position text \
                 or an 8x8 OBF line",
            )
            .clicked()
        {
            ui.ctx()
                .send_viewport_cmd(egui::ViewportCommand::RequestPaste);
        }
        for kind in CopyKind::ALL {
            let text = self.session.copy_text(kind);
            let tip = match &text {
                Ok(text) if text.chars().count() > 70 => {
                    format!("{}…", text.chars().take(70).collect::<String>())
                }
                Ok(text) => text.clone(),
                Err(why) => why.clone(),
            };
            let button = ui.add_enabled(text.is_ok(), egui::Button::new(kind.label()));
            if button
                .on_hover_text(&tip)
                .on_disabled_hover_text(&tip)
                .clicked()
                && let Ok(text) = text
            {
                ui.ctx().copy_text(text);
                self.session
                    .info(format!("{} copied to the clipboard", kind.what()));
            }
        }
        ui.separator();
        let mut editing = self.session.is_editing();
        if ui
            .checkbox(&mut editing, "Board editor (e)")
            .on_hover_text("Click cells to set up any position; leave to play from it")
            .changed()
        {
            self.session.toggle_editor();
        }
    }

    /// The status line, the last problem (dismissable) and the frame times.
    pub(super) fn status_bar(&mut self, ui: &mut egui::Ui) {
        ui.horizontal(|ui| {
            ui.label(self.session.status());
            if let Some(notice) = self.session.notice.clone() {
                ui.separator();
                ui.colored_label(ui.visuals().error_fg_color, notice);
                if ui.small_button("x").on_hover_text("Dismiss").clicked() {
                    self.session.notice = None;
                }
            }
            let times = self.session.frame_times();
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                ui.weak(format!(
                    "UI {:.1} ms (max {:.1} ms during searches) · frame every {:.1} ms",
                    times.last_ms, times.worst_during_search_ms, times.interval_ms
                ))
                .on_hover_text(
                    "Time to build the last frame, the longest frame built while the engine \
                     searched, and the time from frame to frame (rendering included) while \
                     the view repaints",
                );
            });
        });
    }
}
