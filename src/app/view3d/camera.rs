//! The orbit camera of the 3D view: yaw and pitch around a target, a distance, perspective or
//! orthographic projection. Pure math (no GL): the same camera draws the scene and picks cells.

use serde::{Deserialize, Serialize};
use three_d::{Camera, Vec3, Viewport, degrees, vec3};

/// Where the 3D view looks from.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct OrbitCamera {
    /// Rotation around the vertical axis, radians.
    pub yaw: f32,
    /// Elevation above the horizontal plane, radians (kept within ±85°).
    pub pitch: f32,
    /// Distance from the target, in cell spacings.
    pub distance: f32,
    /// The point looked at (moved by panning), relative to the cube's centre.
    pub target: [f32; 3],
}

impl Default for OrbitCamera {
    fn default() -> Self {
        OrbitCamera {
            yaw: 0.6,
            pitch: 0.45,
            distance: 0.0,
            target: [0.0; 3],
        }
    }
}

/// The vertical field of view of the perspective projection, degrees.
const FIELD_OF_VIEW: f32 = 40.0;
/// The steepest pitch, radians (just short of looking straight down).
const MAX_PITCH: f32 = 1.48;

impl OrbitCamera {
    /// A distance from which a cube of side `n` fills the view.
    pub fn framing_distance(n: usize) -> f32 {
        n as f32 * 3.0
    }

    /// The camera for a cube of side `n`, framed when no distance has been chosen yet.
    pub fn framed(mut self, n: usize) -> Self {
        if self.distance <= 0.0 || !self.distance.is_finite() {
            self.distance = Self::framing_distance(n);
        }
        self
    }

    /// Turns the camera by a drag of `dx`, `dy` points.
    pub fn rotate(&mut self, dx: f32, dy: f32) {
        self.yaw -= dx * 0.01;
        self.pitch = (self.pitch + dy * 0.01).clamp(-MAX_PITCH, MAX_PITCH);
    }

    /// The closest the camera comes to the target: outside the sphere around the cube of side
    /// `n` (with a cell to spare), so that perspective never puts the eye inside the cube.
    pub fn closest_distance(n: usize) -> f32 {
        n as f32 * 3f32.sqrt() / 2.0 + 1.0
    }

    /// Zooms by `factor` (> 1 moves closer), within sensible bounds for side `n`.
    pub fn zoom(&mut self, factor: f32, n: usize) {
        let framing = Self::framing_distance(n);
        let closest = Self::closest_distance(n);
        self.distance = (self.distance / factor).clamp(closest, framing * 4.0);
    }

    /// Moves the target by a drag of `dx`, `dy` points in a view `height` points tall.
    pub fn pan(&mut self, dx: f32, dy: f32, height: f32) {
        let scale = self.distance * 0.9 / height.max(1.0);
        let (right, up) = self.screen_axes();
        let shift = right * (-dx * scale) + up * (dy * scale);
        self.target = (Vec3::from(self.target) + shift).into();
    }

    /// The camera's position in the world.
    pub fn eye(&self) -> Vec3 {
        let direction = vec3(
            self.pitch.cos() * self.yaw.sin(),
            self.pitch.sin(),
            self.pitch.cos() * self.yaw.cos(),
        );
        Vec3::from(self.target) + direction * self.distance
    }

    /// The three-d camera for `viewport`, perspective or orthographic. The field of view
    /// covers the narrower side, so a tall, narrow view shows the whole cube too.
    pub fn camera(&self, viewport: Viewport, orthographic: bool) -> Camera {
        let (eye, target, up) = (self.eye(), Vec3::from(self.target), vec3(0.0, 1.0, 0.0));
        let far = self.distance * 4.0 + 100.0;
        let aspect = viewport.width as f32 / viewport.height.max(1) as f32;
        let half_tangent = (FIELD_OF_VIEW.to_radians() / 2.0).tan() / aspect.min(1.0);
        if orthographic {
            // The height that shows the target plane as the perspective view does; three-d
            // scales an orthographic height by the eye's distance to the target itself.
            let height = 2.0 * half_tangent;
            Camera::new_orthographic(viewport, eye, target, up, height, 0.01, far)
        } else {
            let vertical = degrees(2.0 * half_tangent.atan().to_degrees());
            Camera::new_perspective(viewport, eye, target, up, vertical, 0.05, far)
        }
    }

    /// The world directions of the screen's right and up.
    fn screen_axes(&self) -> (Vec3, Vec3) {
        use three_d::InnerSpace;
        let forward = (Vec3::from(self.target) - self.eye()).normalize();
        let right = forward.cross(vec3(0.0, 1.0, 0.0)).normalize();
        let up = right.cross(forward).normalize();
        (right, up)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use three_d::InnerSpace;

    #[test]
    fn the_eye_keeps_its_distance_and_the_pitch_stays_below_the_pole() {
        let mut camera = OrbitCamera::default().framed(6);
        for _ in 0..100 {
            camera.rotate(37.0, 91.0);
            let distance = (camera.eye() - Vec3::from(camera.target)).magnitude();
            assert!((distance - camera.distance).abs() < 1e-3);
            assert!(camera.pitch.abs() <= MAX_PITCH);
        }
    }

    #[test]
    fn zoom_is_bounded_and_pan_moves_the_target_across_the_view() {
        let mut camera = OrbitCamera::default().framed(8);
        for _ in 0..50 {
            camera.zoom(1.5, 8);
        }
        assert!(camera.distance >= OrbitCamera::closest_distance(8) - 1e-3);
        // Zoomed all the way in and turned anywhere, the eye stays outside the cube.
        for _ in 0..40 {
            camera.rotate(53.0, 29.0);
            let eye = camera.eye();
            let outside = [eye.x, eye.y, eye.z].iter().any(|c| c.abs() > 4.0);
            assert!(outside, "the eye {eye:?} is inside the 8x8x8 cube");
        }
        let before = camera;
        camera.pan(100.0, 0.0, 500.0);
        let moved = Vec3::from(camera.target) - Vec3::from(before.target);
        let forward = Vec3::from(before.target) - before.eye();
        assert!(moved.magnitude() > 0.0);
        assert!(
            moved.dot(forward).abs() < 1e-3,
            "panning keeps the distance to the view plane"
        );
    }

    #[test]
    fn infinity_keeps_the_apparent_size_of_the_cube() {
        let viewport = Viewport::new_at_origo(800, 600);
        for n in [4, 8, 10] {
            let camera = OrbitCamera::default().framed(n);
            let (right, up) = camera.screen_axes();
            let target = Vec3::from(camera.target);
            let half = n as f32 / 2.0;
            let spread = |orthographic: bool| {
                let view = camera.camera(viewport, orthographic);
                let a = view.pixel_at_position(target + right * half + up * half);
                let b = view.pixel_at_position(target - right * half - up * half);
                ((a.x - b.x).abs(), (a.y - b.y).abs())
            };
            let (perspective, orthographic) = (spread(false), spread(true));
            assert!(perspective.0 > 100.0, "{n}: the cube fills the view");
            for (p, o) in [
                (perspective.0, orthographic.0),
                (perspective.1, orthographic.1),
            ] {
                assert!(
                    (p - o).abs() / p < 0.01,
                    "{n}: {p} px in perspective, {o} px at infinity"
                );
            }
        }
    }
}
