/**
 * Whether the browser draws WebGL in software (no usable GPU: virtual desktops, remote sessions, locked-down
 * workstations). There every drawn frame costs CPU, so the map skips its tile fade-in and draws at one pixel per CSS
 * pixel: raster tiles carry no finer detail, and the page stays responsive while the map loads.
 */
export function drawsInSoftware(): boolean {
  softwareRenderer ??= detectSoftwareRenderer();
  return softwareRenderer;
}

/** Asked once per page: the answer does not change, and each probe costs a WebGL context. */
let softwareRenderer: boolean | undefined;

function detectSoftwareRenderer(): boolean {
  try {
    const gl = document.createElement('canvas').getContext('webgl');
    if (!gl) return false;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return /swiftshader|llvmpipe|softpipe|software|microsoft basic render/i.test(renderer);
  } catch {
    return false;
  }
}
