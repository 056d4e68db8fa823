// libdispatch's hooks for a run loop that drains the main queue itself, as
// CoreFoundation's does. Exported by libdispatch on Linux; not in its public headers.

// The descriptor (an eventfd) that becomes readable when work is queued on the main queue.
int _dispatch_get_main_queue_port_4CF(void);

// Runs the work queued on the main queue so far.
void _dispatch_main_queue_callback_4CF(void *message);
