/* The home view's picture of the traxsystem page: the traxtents page's, as both show track-aligned against unaligned requests. */
export { TraxtentsPicture as TraxsystemPicture } from '../traxtents/picture';
