//! The docked workspace: which panels exist, their default arrangement, and how egui_tiles
//! draws them.

use super::pane::Pane;
use super::panels;
use super::session::Session;
use super::view_settings::ViewSettings;

/// The default arrangement: game controls, weights, history and logs on the left; the
/// cross-sections (with the tournament, evolution and tune tabs) beside the 3D view (with the
/// review) in the middle; moves and analysis above the comparison on the right.
pub fn default_layout() -> egui_tiles::Tree<Pane> {
    let mut tiles = egui_tiles::Tiles::default();
    let tabs = |tiles: &mut egui_tiles::Tiles<Pane>, panes: &[Pane]| {
        let ids = panes.iter().map(|&p| tiles.insert_pane(p)).collect();
        tiles.insert_tab_tile(ids)
    };
    let controls = tabs(&mut tiles, &[Pane::Game]);
    let weights = tabs(&mut tiles, &[Pane::Weights, Pane::History, Pane::Logs]);
    let left = tiles.insert_vertical_tile(vec![controls, weights]);
    let sections = tabs(
        &mut tiles,
        &[
            Pane::Sections,
            Pane::Tournament,
            Pane::Evolution,
            Pane::Tune,
        ],
    );
    let view = tabs(&mut tiles, &[Pane::View3d, Pane::Review]);
    let boards = tiles.insert_horizontal_tile(vec![sections, view]);
    if let Some(egui_tiles::Tile::Container(egui_tiles::Container::Linear(linear))) =
        tiles.get_mut(boards)
    {
        linear.shares.set_share(sections, 1.0);
        linear.shares.set_share(view, 1.4);
    }
    let moves = tabs(&mut tiles, &[Pane::Moves, Pane::Analysis]);
    let compare = tabs(&mut tiles, &[Pane::Compare]);
    let right = tiles.insert_vertical_tile(vec![moves, compare]);
    let root = tiles.insert_horizontal_tile(vec![left, boards, right]);
    if let Some(egui_tiles::Tile::Container(egui_tiles::Container::Linear(linear))) =
        tiles.get_mut(root)
    {
        linear.shares.set_share(left, 1.0);
        linear.shares.set_share(boards, 2.6);
        linear.shares.set_share(right, 1.3);
    }
    egui_tiles::Tree::new(egui::Id::unique("workspace"), root, tiles)
}

/// Brings the tab of `pane` to the front.
pub fn show_pane(tree: &mut egui_tiles::Tree<Pane>, pane: Pane) {
    tree.make_active(|_, tile| matches!(tile, egui_tiles::Tile::Pane(p) if *p == pane));
}

/// Adds any panel missing from a restored layout (e.g. saved by an older version), so that
/// every panel stays reachable.
pub fn complete(tree: &mut egui_tiles::Tree<Pane>) {
    for pane in Pane::ALL {
        let present = tree
            .tiles
            .iter()
            .any(|(_, tile)| matches!(tile, egui_tiles::Tile::Pane(p) if *p == pane));
        if !present && let Some(root) = tree.root() {
            let id = tree.tiles.insert_pane(pane);
            let tabs = tree.tiles.insert_tab_tile(vec![id]);
            if let Some(egui_tiles::Tile::Container(container)) = tree.tiles.get_mut(root) {
                container.add_child(tabs);
            }
        }
    }
}

/// Draws the panels of the workspace for a session.
pub struct Behavior<'a> {
    /// The state the panels show and change.
    pub session: &'a mut Session,
    /// How the boards are drawn.
    pub view: &'a mut ViewSettings,
}

impl egui_tiles::Behavior<Pane> for Behavior<'_> {
    fn tab_title_for_pane(&mut self, pane: &Pane) -> egui::WidgetText {
        pane.title().into()
    }

    fn pane_ui(
        &mut self,
        ui: &mut egui::Ui,
        _tile_id: egui_tiles::TileId,
        pane: &mut Pane,
    ) -> egui_tiles::UiResponse {
        egui::Frame::new().inner_margin(6.0).show(ui, |ui| {
            panels::show(*pane, ui, self.session, self.view);
        });
        egui_tiles::UiResponse::None
    }

    fn simplification_options(&self) -> egui_tiles::SimplificationOptions {
        egui_tiles::SimplificationOptions {
            all_panes_must_have_tabs: true,
            ..Default::default()
        }
    }
}
