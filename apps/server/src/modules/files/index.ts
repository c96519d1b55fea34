export {
  deleteFiles,
  discardUpload,
  discardUploads,
  findFile,
  findFiles,
  openCounts,
  opensBy,
  pngName,
  presentFile,
  readPendingUpload,
  readStoredFile,
  receiveForm,
  recordOpen,
  recordUpload,
  recordUploads,
  requireFile,
  sendStoredFile,
  sendStoredImage,
  storeMade,
} from './files.service';
export type { FileRow, PendingUpload, ReceivedForm } from './files.service';
export { ImageRefused, cleanImage } from './image-check';
export { employeeFileRecords, parseFileForm, type EmployeeFileKind } from './employee-files';
