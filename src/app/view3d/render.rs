//! Draws a [`Scene`] with three-d inside egui's paint callback: instanced spheres and squares with the custom material of `shaders/shaded.frag`. The GL objects are made on the
//! first frame and their instances replaced every frame.

use std::sync::{Arc, Mutex};

use egui::Color32;
use three_d::{
    Blend, ClearState, ColorMapping, Context, CpuMesh, Cull, EffectMaterialId, Gm, InnerSpace,
    InstancedMesh, Instances, Light, Mat4, Material, MaterialType, Object, Program, RenderStates,
    RenderTarget, ScissorBox, Srgba, Vec3, Viewer, Viewport, WriteMask, vec3,
};

use super::camera::OrbitCamera;
use super::scene::{Ball, Rod, Scene, SlicePlane};

/// The custom materials of the 3D view.
#[derive(Clone, Copy)]
struct Shaded {
    /// 1 for lit meshes, 0 for flat rods and planes.
    lighting: f32,
    /// Blended and without depth writes (halos, planes).
    translucent: bool,
    /// Balls drawn as camera-facing squares (`shaders/ball.frag`).
    impostor: bool,
}

impl Material for Shaded {
    fn fragment_shader_source(&self, _lights: &[&dyn Light]) -> String {
        let body = if self.impostor {
            include_str!("../../../shaders/ball.frag")
        } else {
            include_str!("../../../shaders/shaded.frag")
        };
        format!("{}{body}", ColorMapping::fragment_shader_source())
    }

    fn id(&self) -> EffectMaterialId {
        EffectMaterialId(if self.impostor { 0x0101 } else { 0x0100 })
    }

    fn use_uniforms(&self, program: &Program, viewer: &dyn Viewer, _lights: &[&dyn Light]) {
        viewer.color_mapping().use_uniforms(program);
        program.use_uniform("eye", viewer.position());
        if !self.impostor {
            program.use_uniform("lighting", self.lighting);
        }
    }

    fn render_states(&self) -> RenderStates {
        if self.translucent {
            RenderStates {
                write_mask: WriteMask::COLOR,
                blend: Blend::TRANSPARENCY,
                cull: Cull::None,
                ..Default::default()
            }
        } else {
            RenderStates {
                cull: if self.impostor {
                    Cull::None
                } else {
                    Cull::Back
                },
                ..Default::default()
            }
        }
    }

    fn material_type(&self) -> MaterialType {
        if self.translucent {
            MaterialType::Transparent
        } else {
            MaterialType::Opaque
        }
    }
}

/// The GL objects, made on the first frame.
struct Gpu {
    context: Context,
    balls: Gm<InstancedMesh, Shaded>,
    rods: Gm<InstancedMesh, Shaded>,
    halos: Gm<InstancedMesh, Shaded>,
    planes: Gm<InstancedMesh, Shaded>,
    markers: Gm<InstancedMesh, Shaded>,
}

impl Gpu {
    fn new(context: Context) -> Self {
        let mesh = |cpu: &CpuMesh, lighting: f32, translucent: bool| {
            let material = Shaded {
                lighting,
                translucent,
                impostor: false,
            };
            Gm::new(
                InstancedMesh::new(&context, &Instances::default(), cpu),
                material,
            )
        };
        let sphere = CpuMesh::sphere(24);
        let square = CpuMesh::square();
        let mut balls = mesh(&square, 1.0, false);
        balls.material.impostor = true;
        Gpu {
            balls,
            rods: mesh(&square, 0.0, false),
            halos: mesh(&sphere, 0.0, true),
            planes: mesh(&square, 0.0, true),
            markers: mesh(&CpuMesh::cube(), 1.0, false),
            context,
        }
    }
}

/// One frame of the view: what to draw and from where.
pub struct View {
    /// The balls, rods and planes.
    pub scene: Scene,
    /// The camera.
    pub orbit: OrbitCamera,
    /// Orthographic instead of perspective.
    pub orthographic: bool,
    /// The colour behind the cube (a clear of the view's pixels: on software GL a filled
    /// rectangle as large as the view costs several milliseconds a frame).
    pub background: Color32,
}

/// Draws scenes; shared with the paint callback.
#[derive(Default)]
pub struct Renderer {
    gpu: Option<Gpu>,
    /// Why drawing stopped, if it failed (the view then says so instead of drawing).
    failure: Option<String>,
}

/// The renderer as the view keeps it between frames.
pub type SharedRenderer = Arc<Mutex<Renderer>>;

impl Renderer {
    /// Why the view cannot draw, if a frame failed.
    pub fn failure(&self) -> Option<&str> {
        self.failure.as_deref()
    }

    /// Draws `scene` seen by `orbit` into the callback's part of the window. A failure inside
    /// the GL code (a driver without what we need) is caught and remembered: the app goes on
    /// without the 3D view instead of crashing.
    pub fn paint(
        &mut self,
        info: &egui::PaintCallbackInfo,
        painter: &eframe::egui_glow::Painter,
        view: &View,
    ) {
        if self.failure.is_some() {
            return;
        }
        let drawn = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            self.draw(info, painter, view)
        }));
        if let Err(panic) = drawn {
            let message = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "unknown error".to_string());
            self.failure = Some(message);
            self.gpu = None;
        }
    }

    fn draw(
        &mut self,
        info: &egui::PaintCallbackInfo,
        painter: &eframe::egui_glow::Painter,
        view: &View,
    ) {
        let View {
            scene,
            orbit,
            orthographic,
            background,
        } = view;
        let (orbit, orthographic) = (*orbit, *orthographic);
        let gpu = match &mut self.gpu {
            Some(gpu) => gpu,
            None => match Context::from_gl_context(painter.gl().clone()) {
                Ok(context) => self.gpu.insert(Gpu::new(context)),
                Err(error) => {
                    self.failure = Some(format!("no GL context: {error}"));
                    return;
                }
            },
        };
        let view = info.viewport_in_pixels();
        let clip = info.clip_rect_in_pixels();
        let viewport = Viewport {
            x: view.left_px,
            y: view.from_bottom_px,
            width: view.width_px.max(1) as u32,
            height: view.height_px.max(1) as u32,
        };
        // The view's own pixels, where the pane's clip allows: the clear must not reach the
        // toolbar above the view.
        let left = view.left_px.max(clip.left_px);
        let bottom = view.from_bottom_px.max(clip.from_bottom_px);
        let right = (view.left_px + view.width_px).min(clip.left_px + clip.width_px);
        let top = (view.from_bottom_px + view.height_px).min(clip.from_bottom_px + clip.height_px);
        let scissor = ScissorBox {
            x: left,
            y: bottom,
            width: (right - left).max(0) as u32,
            height: (top - bottom).max(0) as u32,
        };
        let camera = orbit.camera(viewport, orthographic);
        let facing = Facing::of(&camera, orthographic);
        gpu.balls
            .geometry
            .set_instances(&impostor_instances(&scene.balls, &facing));
        gpu.halos
            .geometry
            .set_instances(&ball_instances(&scene.halos));
        gpu.rods
            .geometry
            .set_instances(&ribbon_instances(&scene.rods, &facing));
        gpu.planes
            .geometry
            .set_instances(&plane_instances(&scene.planes));
        gpu.markers
            .geometry
            .set_instances(&ball_instances(&scene.markers));
        let counts = [
            scene.balls.len(),
            scene.markers.len(),
            scene.rods.len(),
            scene.halos.len(),
            scene.planes.len(),
        ];
        let layers = [&gpu.balls, &gpu.markers, &gpu.rods, &gpu.halos, &gpu.planes];
        let objects: Vec<&dyn Object> = layers
            .into_iter()
            .zip(counts)
            .filter(|(_, count)| *count > 0)
            .map(|(object, _)| object as &dyn Object)
            .collect();
        let screen = RenderTarget::screen(&gpu.context, viewport.width, viewport.height);
        screen
            .clear_partially(scissor, clear_state(*background))
            .render_partially(scissor, &camera, objects, &[]);
    }
}

/// Clears the view to `background` (egui's window holds gamma-encoded colours) and the depth.
fn clear_state(background: Color32) -> ClearState {
    let [red, green, blue, alpha] = background.to_normalized_gamma_f32();
    ClearState::color_and_depth(red, green, blue, alpha, 1.0)
}

fn srgba(color: Color32) -> Srgba {
    let [r, g, b, a] = color.to_srgba_unmultiplied();
    Srgba::new(r, g, b, a)
}

/// Where the balls' squares must face.
struct Facing {
    eye: Vec3,
    /// The direction towards the viewer in an orthographic view (all squares face it).
    parallel: Option<Vec3>,
}

impl Facing {
    fn of(camera: &three_d::Camera, orthographic: bool) -> Self {
        Facing {
            eye: camera.position(),
            parallel: orthographic.then(|| -camera.view_direction()),
        }
    }
}

/// Squares in front of the balls, facing the eye: at the sphere's nearest point, shrunk so that
/// they cover exactly the sphere's outline as seen from the eye.
fn impostor_instances(balls: &[Ball], facing: &Facing) -> Instances {
    let up = vec3(0.0, 1.0, 0.0);
    let transform = |ball: &Ball| {
        let to_eye = facing.eye - ball.center;
        let distance = to_eye.magnitude().max(1e-3);
        let forward = facing.parallel.unwrap_or(to_eye / distance).normalize();
        let side = if forward.cross(up).magnitude2() < 1e-6 {
            vec3(1.0, 0.0, 0.0)
        } else {
            up.cross(forward).normalize()
        };
        let top = forward.cross(side);
        // The outline's half-angle is asin(r / d); moved r closer, the square keeps it.
        let size = match facing.parallel {
            Some(_) => ball.radius,
            None => {
                let r = ball.radius.min(distance * 0.99);
                r * (distance - r) / (distance * distance - r * r).sqrt()
            }
        };
        Mat4::from_cols(
            (side * size).extend(0.0),
            (top * size).extend(0.0),
            forward.extend(0.0),
            (ball.center + forward * ball.radius).extend(1.0),
        )
    };
    Instances {
        transformations: balls.iter().map(transform).collect(),
        colors: Some(balls.iter().map(|b| srgba(b.color)).collect()),
        ..Default::default()
    }
}

fn ball_instances(balls: &[Ball]) -> Instances {
    Instances {
        transformations: balls
            .iter()
            .map(|b| Mat4::from_translation(b.center) * Mat4::from_scale(b.radius))
            .collect(),
        colors: Some(balls.iter().map(|b| srgba(b.color)).collect()),
        ..Default::default()
    }
}

/// Rods drawn as flat ribbons facing the eye: three-d's square (−1..1 in x and y) stretched
/// from one end of the rod to the other and as wide as the rod. The rods are flat-coloured, so
/// a ribbon looks like the cylinder it replaces, with two triangles instead of eight (on
/// software GL the 26-direction grid of 8×8×8 cost 10 ms a frame as cylinders).
fn ribbon_instances(rods: &[Rod], facing: &Facing) -> Instances {
    let transform = |rod: &Rod| {
        let middle = (rod.from + rod.to) / 2.0;
        let half = (rod.to - rod.from) / 2.0;
        let to_eye = facing.parallel.unwrap_or(facing.eye - middle);
        let across = to_eye.cross(half);
        let across = if across.magnitude2() < 1e-9 {
            // Seen end-on: any direction across the rod will do.
            half.cross(vec3(0.0, 1.0, 0.0)) + half.cross(vec3(1.0, 0.0, 0.0))
        } else {
            across
        };
        let across = across.normalize() * rod.radius;
        let normal = half.cross(across).normalize();
        Mat4::from_cols(
            half.extend(0.0),
            across.extend(0.0),
            normal.extend(0.0),
            middle.extend(1.0),
        )
    };
    Instances {
        transformations: rods.iter().map(transform).collect(),
        colors: Some(rods.iter().map(|r| srgba(r.color)).collect()),
        ..Default::default()
    }
}

/// three-d's square spans −1..1 in x and y, facing z: scale it to the cube and turn it
/// perpendicular to the plane's axis (cell y runs along world y, cell x along x, z along z).
fn plane_instances(planes: &[SlicePlane]) -> Instances {
    let transform = |plane: &SlicePlane| {
        let half = plane.side / 2.0;
        let turn = match plane.axis {
            0 => Mat4::from_angle_y(three_d::degrees(90.0)),
            1 => Mat4::from_angle_x(three_d::degrees(90.0)),
            _ => Mat4::from_scale(1.0),
        };
        Mat4::from_translation(plane.center) * turn * Mat4::from_nonuniform_scale(half, half, 1.0)
    };
    Instances {
        transformations: planes.iter().map(transform).collect(),
        colors: Some(planes.iter().map(|p| srgba(p.color)).collect()),
        ..Default::default()
    }
}
