/** The texts of the antd message toasts on screen (success, warning and error alike). */
export const toasts = (): string[] => [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent ?? '');
