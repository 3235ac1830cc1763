//! Picking on the CPU: the cell under the pointer is the nearest ball that the ray through the
//! pointer's pixel hits. Works for any camera, perspective or orthographic.

use three_d::{Camera, InnerSpace, Vec3};

/// A ball that can be picked.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Target {
    /// The cell it stands for.
    pub cell: usize,
    /// Its centre in the world.
    pub center: Vec3,
    /// Its radius.
    pub radius: f32,
}

/// How far along the ray from `origin` in the unit `direction` it first meets `target`, if it
/// does.
pub fn hit_distance(origin: Vec3, direction: Vec3, target: &Target) -> Option<f32> {
    let to_center = target.center - origin;
    let along = to_center.dot(direction);
    let miss_squared = to_center.magnitude2() - along * along;
    let radius_squared = target.radius * target.radius;
    if miss_squared > radius_squared {
        return None;
    }
    let entry = along - (radius_squared - miss_squared).sqrt();
    (entry > 0.0 || along > 0.0).then_some(entry.max(0.0))
}

/// The cell of the nearest target hit by the ray through `pixel` (physical pixels from the
/// viewport's bottom-left corner), if any.
pub fn pick(camera: &Camera, pixel: (f32, f32), targets: &[Target]) -> Option<usize> {
    let origin = camera.position_at_pixel(pixel);
    let direction = camera.view_direction_at_pixel(pixel).normalize();
    targets
        .iter()
        .filter_map(|t| hit_distance(origin, direction, t).map(|d| (d, t.cell)))
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, cell)| cell)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::view3d::camera::OrbitCamera;
    use crate::app::view3d::scene::cell_center;
    use engine::Shape;
    use three_d::Viewport;

    /// Cameras turned, zoomed and panned every way, in both projections.
    fn cameras() -> Vec<Camera> {
        let viewport = Viewport::new_at_origo(900, 640);
        let mut cameras = Vec::new();
        for step in 0..12 {
            let mut orbit = OrbitCamera::default().framed(6);
            orbit.rotate(step as f32 * 53.0, step as f32 * 17.0 - 90.0);
            orbit.zoom(0.6 + step as f32 * 0.12, 6);
            orbit.pan(step as f32 * 9.0 - 50.0, 30.0 - step as f32 * 7.0, 640.0);
            for orthographic in [false, true] {
                cameras.push(orbit.camera(viewport, orthographic));
            }
        }
        cameras
    }

    fn targets(shape: Shape) -> Vec<Target> {
        (0..shape.cells())
            .map(|cell| Target {
                cell,
                center: cell_center(shape, cell),
                radius: 0.4,
            })
            .collect()
    }

    #[test]
    fn a_lone_ball_is_picked_at_its_own_pixel_under_every_camera() {
        let shape: Shape = "6x6x6".parse().unwrap();
        for camera in cameras() {
            for target in targets(shape) {
                let pixel: (f32, f32) = camera.pixel_at_position(target.center).into();
                assert_eq!(pick(&camera, pixel, &[target]), Some(target.cell));
            }
        }
    }

    #[test]
    fn among_many_balls_the_nearest_hit_one_is_picked() {
        let shape: Shape = "4x4x4".parse().unwrap();
        let all = targets(shape);
        for camera in cameras() {
            for target in &all {
                let pixel: (f32, f32) = camera.pixel_at_position(target.center).into();
                let picked = pick(&camera, pixel, &all).expect("the ball itself is hit");
                let origin = camera.position_at_pixel(pixel);
                let direction = camera.view_direction_at_pixel(pixel).normalize();
                let distance = |cell: usize| hit_distance(origin, direction, &all[cell]);
                let nearest = distance(picked).expect("the picked ball is hit");
                assert!(nearest <= distance(target.cell).unwrap() + 1e-4);
                assert!(
                    all.iter()
                        .all(|t| distance(t.cell).is_none_or(|d| d >= nearest - 1e-4))
                );
            }
        }
    }

    #[test]
    fn a_ray_that_passes_beside_every_ball_picks_nothing() {
        let shape: Shape = "4x4x4".parse().unwrap();
        let camera = OrbitCamera::default()
            .framed(4)
            .camera(Viewport::new_at_origo(800, 600), false);
        assert_eq!(pick(&camera, (2.0, 2.0), &targets(shape)), None);
    }
}
