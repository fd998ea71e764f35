public enum ToastKitTestingPlaceholder {}
