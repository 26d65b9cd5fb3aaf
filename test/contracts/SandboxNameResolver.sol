// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// The sandbox's stand-in for ENS's UniversalResolver on its Base chain (8453):
/// it answers `reverseWithGateways`, the call viem's getEnsName makes for an
/// address's primary name (ENSIP-19 coin types), from names the sandbox sets.
/// Anyone may set a name or make it revert: it holds nothing of value.
contract SandboxNameResolver {
    mapping(uint256 coinType => mapping(address account => string name)) private names;
    bool public reverting;

    error ResolverReverted();

    function setName(address account, uint256 coinType, string calldata name) external {
        names[coinType][account] = name;
    }

    /// A resolver that fails, for tests of what a host sees then.
    function setReverting(bool value) external {
        reverting = value;
    }

    function reverseWithGateways(bytes calldata lookupAddress, uint256 coinType, string[] calldata)
        external
        view
        returns (string memory resolvedName, address resolver, address reverseResolver)
    {
        if (reverting) revert ResolverReverted();
        if (lookupAddress.length != 20) return ("", address(0), address(0));
        address account = address(bytes20(lookupAddress));
        return (names[coinType][account], address(this), address(this));
    }
}
