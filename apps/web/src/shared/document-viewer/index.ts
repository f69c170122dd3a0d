export { DocumentViewer, type ViewerDocument } from './document-viewer.tsx';
