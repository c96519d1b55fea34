// The documents screens (the route table imports them from here): an employee's documents, the workspace's, the
// member's own list and detail.
export { DocumentListPage } from './document-list-page';
export { MyDocumentPage } from './my-document-page';
export { MyDocumentsPage } from './my-documents-page';
export { UserDocumentsPage } from './user-documents-page';
