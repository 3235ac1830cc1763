// reversi3d: a ball drawn as an impostor. The ball is a square facing the eye at the front of
// the sphere (so that grid lines through its centre stay hidden); this shader rebuilds the
// sphere's normal from the square's coordinates, discards the corners, and lights it like
// shaded.frag. Two triangles per ball instead of hundreds keep a full 8x8x8 cube fluid even on
// software GL.

uniform vec3 eye;

in vec3 pos;
in vec3 nor;
in vec3 tang;
in vec3 bitang;
in vec2 uvs;
in vec4 col;

layout (location = 0) out vec4 outColor;

void main()
{
    vec2 p = vec2(2.0 * uvs.x - 1.0, 1.0 - 2.0 * uvs.y);
    float r2 = dot(p, p);
    if (r2 > 1.0) {
        discard;
    }
    vec3 normal = normalize(tang * p.x + bitang * p.y + nor * sqrt(1.0 - r2));
    vec3 view = normalize(eye - pos);
    vec3 key = normalize(vec3(0.4, 0.8, 0.5));
    float diffuse = max(dot(normal, key), 0.0);
    float fill = 0.5 + 0.5 * max(dot(normal, view), 0.0);
    float specular = pow(max(dot(reflect(-key, normal), view), 0.0), 40.0);
    float rim = pow(1.0 - sqrt(1.0 - r2), 3.0);
    vec3 lit = col.rgb * (0.25 + 0.55 * diffuse + 0.25 * fill)
        + vec3(0.45) * specular
        + col.rgb * 0.35 * rim;
    // A dark outline keeps touching balls apart.
    lit *= mix(1.0, 0.55, smoothstep(0.86, 1.0, r2));
    outColor = vec4(color_mapping(lit), 1.0);
}
