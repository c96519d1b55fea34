export {
  deleteFiles,
  findFile,
  findFiles,
  openCounts,
  opensBy,
  pngName,
  presentFile,
  readStoredFile,
  recordOpen,
  recordUpload,
  recordUploads,
  requireFile,
  sendStoredFile,
  sendStoredImage,
  storeMade,
} from './files.service';
export type { FileRow } from './files.service';
export { discardUpload, discardUploads, readPendingUpload, receiveForm } from './receive-form';
export type { PendingUpload, ReceivedForm } from './receive-form';
export { ImageRefused, cleanImage } from './image-check';
export { employeeFileRecords, parseFileForm, type EmployeeFileKind } from './employee-files';
