import ReadingModel

extension Bookclub.Sync {
  /// `bookclub sync devices`
  struct Devices: ParsableCommand {
    static let signature = CommandSignature(
      name: "devices",
      abstract: "List the devices that sync this library, with their last change.",
      options: [CommonOptions.json("Print the devices as JSON."), LibraryOption.spec])

    let options: ReportOptions

    init(_ values: ParsedValues) throws(UsageError) {
      options = ReportOptions(values)
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: options.libraryPath)
      let setup = try await Bookclub.Sync.setup(of: library)
      let devices = try await SyncDeviceList.read(library, setup: setup)
      if options.json {
        context.output.line(JSONValue.array(devices.map(\.json)).text)
      } else {
        for device in devices { context.output.line(device.line) }
      }
    }
  }

  /// `bookclub sync forget <device>`
  struct Forget: ParsableCommand {
    static let deviceArgument = RequiredArgument(
      name: "device", help: "The device's id or name, as 'bookclub sync devices' lists it.")

    static let signature = CommandSignature(
      name: "forget",
      abstract: "Stop reading a device's journal here (a device you no longer use).",
      discussion: """
        What the device changed stays. Its journal stays in the folder for the devices \
        that have not read it all; remove the file by hand once every device has.
        """,
      arguments: [deviceArgument], options: [LibraryOption.spec])

    let device: String
    let libraryPath: String?

    init(_ values: ParsedValues) throws(UsageError) {
      device = values.argument(Self.deviceArgument)
      libraryPath = LibraryOption.value(in: values)
      guard !device.isEmpty else { throw .missingArgument(Self.deviceArgument.display) }
    }

    func run(_ context: CommandContext) async throws {
      let library = context.library(flag: libraryPath)
      let setup = try await Bookclub.Sync.setup(of: library)
      let devices = try await SyncDeviceList.read(library, setup: setup)
      guard
        let found = devices.first(where: {
          $0.id.text == device || SearchKey.fold($0.name) == SearchKey.fold(device)
        })
      else { throw SyncError.unknownDevice(device) }
      guard !found.isThisDevice else { throw SyncError.cannotForgetSelf }
      try await library.forgetSyncDevice(found.id)
      context.output.line(
        "Forgot \(found.name.isEmpty ? found.id.text : TerminalText.safe(found.name)) "
          + "(\(found.id)): its journal is no longer read here.")
    }
  }
}
