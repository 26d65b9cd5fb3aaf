// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {SandboxGasDelegate} from "./SandboxGasDelegate.sol";

/// @notice The entry point a sponsor calls to run an account's signed batch and pay its gas.
/// It forwards only to accounts whose EIP-7702 delegate is the sandbox's gas delegate, which
/// checks the account's signature and nonce; a failing call's revert data comes back unchanged.
contract SandboxGasStation {
    /// @notice The delegate an account must have set (EIP-7702) to be served.
    address public immutable delegate;

    error NotDelegated(address account);

    constructor(address delegate_) {
        delegate = delegate_;
    }

    function executeBatch(
        address account,
        SandboxGasDelegate.Call[] calldata calls,
        uint128 batchNonce,
        uint256 deadline,
        bytes calldata signature
    ) external {
        // A delegated account's code is the designator 0xef0100 followed by its delegate's address.
        if (keccak256(account.code) != keccak256(abi.encodePacked(hex"ef0100", delegate))) {
            revert NotDelegated(account);
        }
        SandboxGasDelegate(payable(account)).executeBatch(calls, batchNonce, deadline, signature);
    }
}
