// reversi3d: the one material of the 3D view. Balls get a key light, a soft fill, a specular
// highlight and a rim that keeps dark discs readable against the background; rods and planes
// use `lighting` = 0 for a flat colour. Colours come per instance (`col`) with their alpha.

uniform vec3 eye;
uniform float lighting;

in vec3 pos;
in vec3 nor;
in vec4 col;

layout (location = 0) out vec4 outColor;

void main()
{
    vec3 normal = normalize(gl_FrontFacing ? nor : -nor);
    vec3 view = normalize(eye - pos);
    vec3 key = normalize(vec3(0.4, 0.8, 0.5));
    float diffuse = max(dot(normal, key), 0.0);
    float fill = 0.5 + 0.5 * dot(normal, view);
    float specular = pow(max(dot(reflect(-key, normal), view), 0.0), 40.0);
    float rim = pow(1.0 - max(dot(normal, view), 0.0), 3.0);
    vec3 lit = col.rgb * (0.25 + 0.55 * diffuse + 0.25 * fill)
        + vec3(0.45) * specular
        + col.rgb * 0.35 * rim;
    vec3 rgb = mix(col.rgb, lit, lighting);
    outColor = vec4(color_mapping(rgb), col.a);
}
