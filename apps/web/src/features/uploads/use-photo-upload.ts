import { UPLOAD_PAGE_MESSAGES } from '@piel/contracts/values'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { announceUpload, PhotoCallError, type UploadRequest, type UploadSignature, uploadPhoto } from './api'

type Upload = Omit<UploadRequest, 'code' | 'signature' | 'onProgress' | 'signal'>

/**
 * Sending the photo with this code (spec 001 §4 Phone upload), with the share of it sent so far; a success is
 * remembered and told to an embedding page, a failure is handed over in Spanish.
 */
export function usePhotoUpload(
  code: string,
  signature: UploadSignature | undefined,
  onFailure: (message: string) => void,
) {
  const [progress, setProgress] = useState(0)
  const mutation = useMutation({
    mutationKey: ['uploads', 'upload-photo'],
    mutationFn: (upload: Upload) => uploadPhoto({ ...upload, code, signature, onProgress: setProgress }),
    onMutate: () => setProgress(0),
    onSuccess: (imageUrl) => announceUpload(code, imageUrl),
    onError: (error) => onFailure(error instanceof PhotoCallError ? error.message : UPLOAD_PAGE_MESSAGES.uploadFailed),
  })
  return {
    send: mutation.mutate,
    progress,
    isPending: mutation.isPending,
    isSuccess: mutation.isSuccess,
    /** Forget the last upload (a new photo, or "Subir otra foto"). */
    reset: () => {
      mutation.reset()
      setProgress(0)
    },
  }
}
