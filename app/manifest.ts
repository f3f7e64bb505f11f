import type { MetadataRoute } from 'next';

/** The responder's web app manifest (issue 33): installable to the home screen, opening at /r. */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: '/r',
    name: 'Tocsin',
    short_name: 'Tocsin',
    description: 'Receive, confirm and answer your company’s alerts.',
    start_url: '/r',
    scope: '/r',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#f5f6f8',
    theme_color: '#b42318',
    categories: ['productivity', 'utilities'],
    icons: [
      { src: '/icons/responder-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/responder-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/responder-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
